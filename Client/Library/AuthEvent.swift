import Foundation
import Synchronization

/// What happened to the session. Each subscriber gets its own stream.
public enum AuthEvent: Sendable, Hashable {
    case signedIn
    case tokenRefreshed
    case signedOut
    /// The session could not be renewed and was cleared: the user must sign in again.
    case sessionExpired
}

/// Fans each event out to every live subscriber.
final class AuthEventBroadcaster: Sendable {
    private let subscribers = Mutex<[UUID: AsyncStream<AuthEvent>.Continuation]>([:])

    func subscribe() -> AsyncStream<AuthEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: AuthEvent.self)
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    func emit(_ event: AuthEvent) {
        let current = subscribers.withLock { Array($0.values) }
        for continuation in current {
            continuation.yield(event)
        }
    }

    deinit {
        let current = subscribers.withLock { Array($0.values) }
        for continuation in current {
            continuation.finish()
        }
    }
}

import Foundation
import Synchronization

/// What happened to the session. Each subscriber gets its own stream.
public enum AuthEvent: Sendable, Hashable {
    case signedIn
    case tokenRefreshed
    case signedOut
    /// The session could not be renewed and was cleared: the user must sign in again.
    case sessionExpired
    /// The server is busy signing in many people (a surge at the start of an exam) and put
    /// this sign-in in line: it is sent again by itself in `seconds`. Say "you are in line",
    /// not that it failed.
    case waitingInLine(seconds: Int)
}

/// Fans each event out to every live subscriber: streams get it whenever they next read;
/// main-actor observers (the services' state) get it before the call that caused it returns.
final class AuthEventBroadcaster: Sendable {
    typealias Observer = @MainActor @Sendable (AuthEvent) -> Void

    private let subscribers = Mutex<[UUID: AsyncStream<AuthEvent>.Continuation]>([:])
    private let observers = Mutex<[UUID: Observer]>([:])

    func subscribe() -> AsyncStream<AuthEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: AuthEvent.self)
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    func observe(_ observer: @escaping Observer) -> UUID {
        let id = UUID()
        observers.withLock { $0[id] = observer }
        return id
    }

    func stopObserving(_ id: UUID) {
        _ = observers.withLock { $0.removeValue(forKey: id) }
    }

    /// Returns once every main-actor observer has seen `event`, so that a service that
    /// awaited the call reads state that already reflects it.
    func emit(_ event: AuthEvent) async {
        let current = subscribers.withLock { Array($0.values) }
        for continuation in current {
            continuation.yield(event)
        }
        let watching = observers.withLock { Array($0.values) }
        guard !watching.isEmpty else { return }
        await MainActor.run {
            for observer in watching { observer(event) }
        }
    }

    deinit {
        let current = subscribers.withLock { Array($0.values) }
        for continuation in current {
            continuation.finish()
        }
    }
}

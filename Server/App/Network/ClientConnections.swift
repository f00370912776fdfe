import Hummingbird
import NIOCore
import Synchronization

/// The request work running on each client connection, so that it stops when its client
/// goes away: `ConnectionGuard` reports a connection's end, and every request's handler runs
/// in a task that is then cancelled. A password still waiting for a hashing thread is never
/// hashed, and a statement still running is cancelled on the server (`PQcancel`). A
/// keep-alive connection stays open as before; only its end cancels.
final class ClientConnections: Sendable {
    private struct State {
        var work: [ObjectIdentifier: [UInt64: @Sendable () -> Void]] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Remembers how to cancel one request's work on `connection`. (A request that starts
    /// after its connection ended is not cancelled: it runs to its end, as it would anyway.)
    func track(_ connection: ObjectIdentifier, cancel: @escaping @Sendable () -> Void) -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.work[connection, default: [:]][state.nextID] = cancel
            return state.nextID
        }
    }

    func untrack(_ connection: ObjectIdentifier, id: UInt64) {
        state.withLock { state in
            state.work[connection]?[id] = nil
            if state.work[connection]?.isEmpty == true { state.work[connection] = nil }
        }
    }

    /// A connection ended: its running work is cancelled.
    func closed(_ connection: ObjectIdentifier) {
        let cancels = state.withLock { $0.work.removeValue(forKey: connection).map { Array($0.values) } ?? [] }
        for cancel in cancels { cancel() }
    }
}

/// Runs a route's responder in a task that `ClientConnections` cancels when the client's
/// connection ends.
struct CancelOnDisconnectResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == AppRequestContext {
    let inner: Inner
    let connections: ClientConnections

    func respond(to request: Request, context: AppRequestContext) async throws -> Response {
        guard let channel = context.channel else { return try await inner.respond(to: request, context: context) }
        let connection = ObjectIdentifier(channel)
        let work = Task { try await inner.respond(to: request, context: context) }
        let id = connections.track(connection) { work.cancel() }
        defer { connections.untrack(connection, id: id) }
        return try await withTaskCancellationHandler {
            try await work.value
        } onCancel: {
            work.cancel()
        }
    }
}

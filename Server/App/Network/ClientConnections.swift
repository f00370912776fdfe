import Synchronization

/// The client connections being served, each with a way to cancel its work, so that the work
/// stops when its client goes away: `ConnectionGuard` reports a connection's end, and
/// `CancelOnDisconnectChannel` registered how to cancel the connection's task.
final class ClientConnections: Sendable {
    private let work = Mutex<[ObjectIdentifier: @Sendable () -> Void]>([:])

    /// Remembers how to cancel `connection`'s work. (A connection that ended before this is
    /// not cancelled: its reads end at once anyway.)
    func track(_ connection: ObjectIdentifier, cancel: @escaping @Sendable () -> Void) {
        work.withLock { $0[connection] = cancel }
    }

    func untrack(_ connection: ObjectIdentifier) {
        _ = work.withLock { $0.removeValue(forKey: connection) }
    }

    /// A connection ended: its running work is cancelled.
    func closed(_ connection: ObjectIdentifier) {
        work.withLock { $0.removeValue(forKey: connection) }?()
    }
}

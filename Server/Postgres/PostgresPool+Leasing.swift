import Logging
import NIOPosix
import Synchronization

/// How a lease gets its connection and gives it back: an idle connection, a free slot to open
/// one in, or a place in line (`PoolState` decides, under the pool's lock).
extension PostgresPool {
    /// Threads that open and close connections (the only blocking libpq calls left).
    static let connectingThreads = 4

    static let closedError = PostgresError(kind: .poolClosed, message: "the database pool is shut down")

    func lease(priority: LeasePriority = .normal) async throws -> PostgresConnection {
        switch try await grant(priority: priority) {
        case .connection(let connection):
            return connection
        case .slot:
            return try await openInSlot()
        }
    }

    /// Takes an idle connection or a free slot, or waits in its priority's line for one.
    func grant(priority: LeasePriority = .normal) async throws -> State.Grant {
        let id = locked.withLock { locked in
            locked.nextWaiterID += 1
            return locked.nextWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<State.Grant, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                let now = ContinuousClock.now
                let waiter = Waiter(continuation: continuation, deadline: now + acquireTimeout)
                let (decision, timekeeper, retryAfter) = locked.withLock {
                    locked -> (State.LeaseDecision, CheckedContinuation<Bool, Never>?, Int?) in
                    // Joining behind more than the line serves before the wait runs out would
                    // only end in a timeout: such a lease is turned away at once instead.
                    let waitsBehind = locked.pace.served(within: seconds(of: acquireTimeout))
                    let decision = locked.state.lease(id: id, waiter: waiter, priority: priority, waitsBehind: waitsBehind)
                    switch decision {
                    case .refuse(.lineFull), .refuse(.lineTooSlow):
                        return (decision, nil, locked.pace.promise(ahead: locked.state.ahead(of: priority), at: seconds(at: now)))
                    case .wait where locked.state.waiting == 1:
                        defer { locked.timekeeper = nil }
                        return (decision, locked.timekeeper, nil)
                    case .wait, .grant, .refuse(.closed):
                        return (decision, nil, nil)
                    }
                }
                switch decision {
                case .wait:
                    timekeeper?.resume(returning: false)
                case .grant(let grant):
                    continuation.resume(returning: grant)
                case .refuse(.closed):
                    continuation.resume(throwing: Self.closedError)
                case .refuse(.lineFull):
                    continuation.resume(throwing: lineFullError(retryAfter: retryAfter))
                case .refuse(.lineTooSlow):
                    continuation.resume(
                        throwing: PostgresError(
                            kind: .poolTimeout, message: "the line for a database connection moves too slowly to wait in",
                            retryAfter: retryAfter))
                }
            }
        } onCancel: {
            locked.withLock { $0.state.removeWaiter(id: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    func lineFullError(retryAfter: Int?) -> PostgresError {
        let message = "\(locked.withLock { $0.state.maxWaiters }) requests already wait for a database connection"
        logger.warning("\(message)")
        return PostgresError(kind: .poolTimeout, message: message, retryAfter: retryAfter)
    }

    /// Opens a connection in a slot this lease holds; on failure the slot is released.
    func openInSlot() async throws -> PostgresConnection {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: configuration, threadPool: threadPool, watcher: watcher, logger: logger)
        } catch {
            logger.warning("could not open a database connection", metadata: ["error": "\(error)"])
            releaseSlot()
            throw error
        }
        if locked.withLock({ $0.state.phase == .closed }) {
            await connection.close()
            releaseSlot()
            throw Self.closedError
        }
        logger.debug("opened a database connection")
        return connection
    }

    func giveBack(_ connection: PostgresConnection) async {
        if connection.foundServerUnfit { await retireConnections(openedUpTo: connection) }
        if connection.isReusable {
            connection.markParked()
            let action = locked.withLock { locked -> State.ReturnAction? in
                if let cutoff = locked.retiredBefore, connection.openedAt < cutoff { return nil }
                let action = locked.state.returnConnection(connection)
                if case .handOver = action { locked.pace.served(at: seconds(), lineEmpty: locked.state.waiting == 0) }
                return action
            }
            switch action {
            case .handOver(let waiter)?:
                waiter.continuation.resume(returning: .connection(connection))
                return
            case .park?:
                return
            case .close?, nil:
                break
            }
        } else {
            logger.debug("discarding a database connection that is broken or inside a transaction")
        }
        await connection.close()
        releaseSlot()
    }

    /// `connection` found its server unfit (gone, shutting down, read-only), and so do those
    /// opened before it, which reach the same server: the idle ones are closed now, the lent
    /// ones when they come back. Once per failure: a connection opened before the last
    /// retirement changes nothing.
    private func retireConnections(openedUpTo connection: PostgresConnection) async {
        let now = ContinuousClock.now
        let retired = locked.withLock { locked -> [PostgresConnection]? in
            if let cutoff = locked.retiredBefore, connection.openedAt < cutoff { return nil }
            locked.retiredBefore = now
            return locked.state.removeIdle { $0.openedAt < now }
        }
        guard let retired else { return }
        logger.warning(
            "the database server went away, is shutting down or became read-only: closing the connections to it; new ones go to the primary",
            metadata: ["idle_closed": "\(retired.count)"])
        for idle in retired {
            await idle.close()
            release { $0.releaseIdleSlot() }
        }
    }

    /// Gives a slot back: to the first waiter, or (once closed and empty) to `run()`.
    func releaseSlot() {
        release { $0.releaseSlot() }
    }

    private func release(_ decide: (inout State) -> Waiter?) {
        let (waiter, drained) = locked.withLock { locked -> (Waiter?, CheckedContinuation<Void, Never>?) in
            let waiter = decide(&locked.state)
            if waiter != nil { locked.pace.served(at: seconds(), lineEmpty: locked.state.waiting == 0) }
            guard locked.state.isDrained, let drained = locked.drained else { return (waiter, nil) }
            locked.drained = nil
            return (waiter, drained)
        }
        waiter?.continuation.resume(returning: .slot)
        drained?.resume()
    }

    /// "5 s", "0.2 s"
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        return "\(Double(seconds) + Double(attoseconds) / 1e18) s"
    }
}

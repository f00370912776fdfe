import Logging
import NIOPosix
import Synchronization

/// How a lease gets its connection and gives it back: an idle connection, a free slot to open
/// one in, or a place in line (`PoolState` decides, under the pool's lock).
extension PostgresPool {
    /// Threads that open and close connections (the only blocking libpq calls left).
    static let connectingThreads = 4

    static let closedError = PostgresError(kind: .poolClosed, message: "the database pool is shut down")

    func lease() async throws -> PostgresConnection {
        switch try await grant() {
        case .connection(let connection):
            return connection
        case .slot:
            return try await openInSlot()
        }
    }

    /// Takes an idle connection or a free slot, or waits in line for one.
    func grant() async throws -> State.Grant {
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
                let waiter = Waiter(continuation: continuation, deadline: ContinuousClock.now + acquireTimeout)
                let (decision, timekeeper) = locked.withLock { locked -> (State.LeaseDecision, CheckedContinuation<Bool, Never>?) in
                    let decision = locked.state.lease(id: id, waiter: waiter)
                    guard case .wait = decision, locked.state.waiting == 1 else { return (decision, nil) }
                    defer { locked.timekeeper = nil }
                    return (decision, locked.timekeeper)
                }
                switch decision {
                case .wait:
                    timekeeper?.resume(returning: false)
                case .grant(let grant):
                    continuation.resume(returning: grant)
                case .refuse(.closed):
                    continuation.resume(throwing: Self.closedError)
                case .refuse(.lineFull):
                    continuation.resume(throwing: lineFullError())
                }
            }
        } onCancel: {
            locked.withLock { $0.state.removeWaiter(id: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    func lineFullError() -> PostgresError {
        let message = "\(locked.withLock { $0.state.maxWaiters }) requests already wait for a database connection"
        logger.warning("\(message)")
        return PostgresError(kind: .poolTimeout, message: message)
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
        if connection.isReusable {
            connection.markParked()
            switch locked.withLock({ $0.state.returnConnection(connection) }) {
            case .handOver(let waiter):
                waiter.continuation.resume(returning: .connection(connection))
                return
            case .park:
                return
            case .close:
                break
            }
        } else {
            logger.debug("discarding a database connection that is broken or inside a transaction")
        }
        await connection.close()
        releaseSlot()
    }

    /// Gives a slot back: to the first waiter, or (once closed and empty) to `run()`.
    func releaseSlot() {
        let (waiter, drained) = locked.withLock { locked -> (Waiter?, CheckedContinuation<Void, Never>?) in
            let waiter = locked.state.releaseSlot()
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

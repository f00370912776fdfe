import Logging
import NIOPosix
import Synchronization

/// A bounded pool of libpq connections.
///
/// At most `maxConnections` connections are open; they are opened when first needed. A lease
/// that finds all of them in use waits in line (first come, first served) for at most
/// `acquireTimeout`. Every libpq call runs on the pool's own threads (one per connection).
/// Connections the server has closed are noticed before they are lent and replaced, so the
/// pool recovers by itself from a database restart.
public final class PostgresPool: Sendable {
    public let configuration: PostgresConfiguration
    public let maxConnections: Int
    public let acquireTimeout: Duration
    private let logger: Logger
    private let threadPool: NIOThreadPool
    private let state: Mutex<PoolState>

    public init(
        configuration: PostgresConfiguration,
        maxConnections: Int = 10,
        acquireTimeout: Duration = .seconds(5),
        logger: Logger
    ) {
        precondition(maxConnections >= 1, "a pool needs at least one connection")
        self.configuration = configuration
        self.maxConnections = maxConnections
        self.acquireTimeout = acquireTimeout
        self.logger = logger
        self.threadPool = NIOThreadPool(numberOfThreads: maxConnections)
        self.threadPool.start()
        self.state = Mutex(PoolState(maxConnections: maxConnections))
    }

    deinit {
        // A pool dropped without shutdown() still lets its threads go (connections close in their deinit).
        if !state.withLock({ $0.isClosed }) {
            threadPool.shutdownGracefully { _ in }
        }
    }

    public var statistics: PostgresPoolStatistics {
        state.withLock { $0.statistics }
    }

    // MARK: - Leases

    /// Lends a connection to `body` and takes it back afterwards, whatever happens.
    public func withConnection<R: Sendable>(_ body: (PostgresConnection) async throws -> R) async throws -> R {
        let connection = try await lease()
        let result: R
        do {
            result = try await body(connection)
        } catch {
            await giveBack(connection)
            throw error
        }
        await giveBack(connection)
        return result
    }

    /// Runs `body` inside BEGIN … COMMIT. Rolls back when `body` throws, when the task was
    /// cancelled (a cancelled task never commits), and when a statement inside failed even if
    /// `body` caught that error (PostgreSQL would otherwise turn the COMMIT into a ROLLBACK silently).
    public func withTransaction<R: Sendable>(_ body: (PostgresConnection) async throws -> R) async throws -> R {
        try await withConnection { connection in
            try await connection.execute("BEGIN")
            let result: R
            do {
                result = try await body(connection)
                try Task.checkCancellation()
                if connection.isInFailedTransaction {
                    throw PostgresError(
                        kind: .server,
                        message: "a statement in the transaction failed, so it was rolled back",
                        sqlState: "25P02"
                    )
                }
            } catch {
                await rollback(connection)
                throw error
            }
            try await connection.execute("COMMIT")
            return result
        }
    }

    /// Runs one statement on a pooled connection.
    public func query(_ query: PostgresQuery) async throws -> PostgresRows {
        try await withConnection { try await $0.query(query) }
    }

    /// Runs one statement on a pooled connection; returns the number of affected rows.
    @discardableResult
    public func execute(_ query: PostgresQuery) async throws -> Int {
        try await withConnection { try await $0.execute(query) }
    }

    /// Closes the pool: later leases and all waiting ones fail with `.poolClosed`, idle
    /// connections close at once, lent ones when they come back; returns when all are closed.
    public func shutdown() async {
        let (idle, waiters) = state.withLock { $0.close() }
        for waiter in waiters {
            waiter.timeout.cancel()
            waiter.continuation.resume(throwing: Self.closedError)
        }
        for connection in idle {
            await connection.close()
            resume(state.withLock { $0.releaseIdleSlot() })
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            if !state.withLock({ $0.awaitAllClosed(continuation) }) {
                continuation.resume()
            }
        }
        do {
            try await threadPool.shutdownGracefully()
        } catch {
            logger.debug("database thread pool was already shut down")
        }
    }

    // MARK: - Internals

    private static let closedError = PostgresError(kind: .poolClosed, message: "the database pool is shut down")

    private func lease() async throws -> PostgresConnection {
        switch try await grant() {
        case .connection(let connection):
            if await connection.checkAlive() { return connection }
            logger.info("replacing a database connection the server has closed")
            await connection.close()
            return try await openInSlot()
        case .slot:
            return try await openInSlot()
        }
    }

    /// Takes an idle connection or a free slot, or waits in line for one.
    private func grant() async throws -> PoolState.Grant {
        let id = state.withLock { $0.makeWaiterID() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<PoolState.Grant, any Error>) in
                let immediate: Result<PoolState.Grant, any Error>? = state.withLock { state in
                    if state.isClosed { return .failure(Self.closedError) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if let grant = state.leaseNow() { return .success(grant) }
                    let timeout = Task { [weak self] in
                        try? await Task.sleep(for: self?.acquireTimeout ?? .zero)
                        if !Task.isCancelled { self?.expireWaiter(id: id) }
                    }
                    state.enqueue(PoolState.Waiter(id: id, continuation: continuation, timeout: timeout))
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            if let waiter = state.withLock({ $0.removeWaiter(id: id) }) {
                waiter.timeout.cancel()
                waiter.continuation.resume(throwing: CancellationError())
            }
        }
    }

    private func expireWaiter(id: UInt64) {
        guard let waiter = state.withLock({ $0.removeWaiter(id: id) }) else { return }
        let message = "no database connection free within \(Self.describe(acquireTimeout)) (pool of \(maxConnections))"
        logger.warning("\(message)")
        waiter.continuation.resume(throwing: PostgresError(kind: .poolTimeout, message: message))
    }

    /// Opens a connection in a slot this lease holds; on failure the slot is released.
    private func openInSlot() async throws -> PostgresConnection {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: configuration, threadPool: threadPool, logger: logger)
        } catch {
            logger.warning("could not open a database connection", metadata: ["error": "\(error)"])
            resume(state.withLock { $0.releaseSlot() })
            throw error
        }
        if state.withLock({ $0.isClosed }) {
            await connection.close()
            resume(state.withLock { $0.releaseSlot() })
            throw Self.closedError
        }
        logger.debug("opened a database connection")
        return connection
    }

    private func giveBack(_ connection: PostgresConnection) async {
        if connection.isReusable {
            switch state.withLock({ $0.returnConnection(connection) }) {
            case .handOver(let waiter):
                waiter.timeout.cancel()
                waiter.continuation.resume(returning: .connection(connection))
                return
            case .parked:
                return
            case .close:
                break
            }
        } else {
            logger.debug("discarding a database connection that is broken or inside a transaction")
        }
        await connection.close()
        resume(state.withLock { $0.releaseSlot() })
    }

    private func resume(_ release: PoolState.SlotRelease) {
        if let waiter = release.waiter {
            waiter.timeout.cancel()
            waiter.continuation.resume(returning: .slot)
        }
        resume(release.shutdownWaiters)
    }

    private func resume(_ shutdownWaiters: [CheckedContinuation<Void, Never>]) {
        for waiter in shutdownWaiters { waiter.resume() }
    }

    private func rollback(_ connection: PostgresConnection) async {
        do {
            try await connection.execute("ROLLBACK")
        } catch {
            // The connection is still inside the transaction and will be discarded, not reused.
            logger.warning("ROLLBACK failed", metadata: ["error": "\(error)"])
        }
    }

    /// "5 s", "0.2 s"
    private static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        return "\(Double(seconds) + Double(attoseconds) / 1e18) s"
    }
}

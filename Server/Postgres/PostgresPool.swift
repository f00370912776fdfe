import Logging
import NIOPosix
import ServiceLifecycle
import Synchronization

/// A bounded pool of libpq connections, run as a service-lifecycle `Service`.
///
/// `run()` owns the pool's threads: the `SocketWatcher`'s, which wakes the tasks whose
/// statements were answered, and a few where connections are opened and closed (libpq
/// blocks there). It starts them, serves leases until graceful shutdown or cancellation,
/// then closes every connection and stops the threads. Leases made before `run()` wait in
/// line for it.
///
/// At most `maxConnections` connections are open; they are opened when first needed. A lease
/// that finds all of them in use waits in line (first come, first served; `.urgent` leases
/// before the others, which leave a quarter of the connections free for them: `LeasePriority`)
/// for at most
/// `acquireTimeout`; when `maxWaiting` leases already wait, a new one fails at once. Both
/// failures are `isUnavailable` errors (the server answers 503). Connections the server has
/// closed are noticed before they are lent and replaced, so the pool recovers by itself from
/// a database restart.
///
/// When a statement shows its server unfit (`PostgresError.showsServerUnfit`: the connection
/// broke, the server is shutting down, or it became read-only), that connection and every one
/// opened before it are closed instead of being lent again, and new ones are opened as leases
/// need them: with several hosts and `target_session_attrs=read-write`, libpq opens them on
/// whichever host is the primary now. Until one is, opening fails and leases fail with
/// `.connectionFailed` (503); the pool itself keeps serving and recovers with the next lease
/// after the promotion.
public final class PostgresPool: Service, Sendable {
    public let configuration: PostgresConfiguration
    public let maxConnections: Int
    public let acquireTimeout: Duration
    /// How often the timekeeper looks for leases that waited too long.
    let timekeeping: Duration
    let logger: Logger
    let threadPool: NIOThreadPool
    let watcher = SocketWatcher()
    let locked: Mutex<Locked>

    typealias State = PoolState<PostgresConnection, Waiter>

    struct Waiter: Sendable {
        let continuation: CheckedContinuation<State.Grant, any Error>
        /// When the wait ends in `.poolTimeout` (`acquireTimeout` after it began).
        let deadline: ContinuousClock.Instant
    }

    struct Locked: Sendable {
        var state: State
        var nextWaiterID: UInt64 = 0
        /// `run()` waiting for the last lent connection to come back after closing.
        var drained: CheckedContinuation<Void, Never>?
        /// The line's timekeeper, parked while nobody waits: resumed with true when the
        /// pool closes, false when a lease starts to wait.
        var timekeeper: CheckedContinuation<Bool, Never>?
        /// Connections opened before this instant reach a server found unfit (gone, shutting
        /// down, read-only): they are closed instead of being lent again.
        var retiredBefore: ContinuousClock.Instant?
        /// How fast the line moves, and when leases turned away are told to come back.
        var pace = LinePace()
    }

    /// The pool's clock for `LinePace`: seconds since the pool was made.
    let origin = ContinuousClock.now

    func seconds(at instant: ContinuousClock.Instant = .now) -> Double {
        seconds(of: instant - origin)
    }

    func seconds(of duration: Duration) -> Double {
        let (whole, fraction) = duration.components
        return Double(whole) + Double(fraction) / 1e18
    }

    /// - Parameters:
    ///   - maxWaiting: leases that may wait in line for a connection; beyond that a lease
    ///     fails at once (default: 16 per connection, at least 256).
    ///   - logger: for the pool's own events; each query logs to the logger it is given.
    public init(
        configuration: PostgresConfiguration,
        maxConnections: Int = 10,
        acquireTimeout: Duration = .seconds(5),
        maxWaiting: Int? = nil,
        logger: Logger
    ) {
        self.configuration = configuration
        self.maxConnections = maxConnections
        self.acquireTimeout = acquireTimeout
        self.timekeeping = max(min(acquireTimeout / 10, .milliseconds(100)), .milliseconds(1))
        self.logger = logger
        self.threadPool = NIOThreadPool(numberOfThreads: min(maxConnections, Self.connectingThreads))
        // The lane's threads start here, with the priority of the thread that makes the pool.
        _ = LeaseLane.shared
        self.locked = Mutex(
            Locked(
                state: State(
                    maxConnections: maxConnections,
                    maxWaiters: Self.defaultMaxWaiting(maxConnections: maxConnections, configured: maxWaiting),
                    keptForUrgent: State.defaultKeptForUrgent(maxConnections: maxConnections))))
    }

    /// How many leases may wait for a connection: `configured`, else 16 per connection and at
    /// least 256 (a request waits far less than a connection is lent for).
    public static func defaultMaxWaiting(maxConnections: Int, configured: Int?) -> Int {
        configured ?? max(256, 16 * maxConnections)
    }

    public var statistics: PostgresPoolStatistics {
        locked.withLock { $0.state.statistics }
    }

    // MARK: - Lifecycle

    /// Starts the threads and serves leases until graceful shutdown (or cancellation); then
    /// fails the waiting leases, closes idle connections at once and lent ones when they come
    /// back, and stops the threads.
    public func run() async throws {
        threadPool.start()
        do {
            try watcher.start()
        } catch {
            logger.critical("cannot watch database sockets", metadata: ["error": "\(error)"])
            await close()
            try? await threadPool.shutdownGracefully()
            throw error
        }
        for waiter in locked.withLock({ $0.state.start() }) {
            waiter.continuation.resume(returning: .slot)
        }
        await withDiscardingTaskGroup { group in
            group.addTask { await self.keepTime() }
            try? await gracefulShutdown()
            await close()
        }
        await watcher.stop()
        try? await threadPool.shutdownGracefully()
    }

    /// Fails the leases that waited `acquireTimeout`: it looks at the front of the line every
    /// `timekeeping` while anyone waits, and is parked (no timer at all) while nobody does.
    /// One timer for the whole line, instead of one per waiting lease, keeps a busy pool
    /// cheap; a wait may last up to one tick longer than `acquireTimeout`.
    private func keepTime() async {
        while true {
            let closed = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let parked = locked.withLock { locked -> Bool? in
                    if locked.state.phase == .closed { return nil }
                    guard locked.state.waiting == 0 else { return false }
                    locked.timekeeper = continuation
                    return true
                }
                switch parked {
                case nil: continuation.resume(returning: true)
                case false?: continuation.resume(returning: false)
                case true?: break
                }
            }
            if closed { return }
            try? await Task.sleep(for: timekeeping)
            let now = ContinuousClock.now
            let overdue = locked.withLock { locked in
                let overdue = locked.state.removeOverdueWaiters { $0.deadline <= now }
                return overdue.map { ($0, locked.pace.promise(ahead: locked.state.waiting, at: seconds(at: now))) }
            }
            guard !overdue.isEmpty else { continue }
            let message = "no database connection free within \(Self.describe(acquireTimeout)) (pool of \(maxConnections))"
            logger.warning("\(message)", metadata: ["waiters": "\(overdue.count)"])
            for (waiter, retryAfter) in overdue {
                waiter.continuation.resume(throwing: PostgresError(kind: .poolTimeout, message: message, retryAfter: retryAfter))
            }
        }
    }

    private func close() async {
        let (idle, waiters, timekeeper) = locked.withLock { locked in
            let (idle, waiters) = locked.state.close()
            defer { locked.timekeeper = nil }
            return (idle, waiters, locked.timekeeper)
        }
        timekeeper?.resume(returning: true)
        for waiter in waiters {
            waiter.continuation.resume(throwing: Self.closedError)
        }
        for connection in idle {
            await connection.close()
            _ = locked.withLock { $0.state.releaseIdleSlot() }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let drained = locked.withLock { locked in
                if locked.state.isDrained { return true }
                locked.drained = continuation
                return false
            }
            if drained { continuation.resume() }
        }
    }

    // MARK: - Leases

    /// Lends a connection to `body` and takes it back afterwards, whatever happens.
    ///
    /// A connection that waited in the pool is checked by its first statement (no extra round
    /// trip to check it first): when the server closed it meanwhile (a restart), nothing was
    /// sent, so it is replaced and `body` runs again.
    ///
    /// From the grant to the return the task runs on `LeaseLane`'s threads, not in the line of
    /// every request's work: a lent connection waits for no page being drawn.
    public func withConnection<R: Sendable>(
        priority: LeasePriority = .normal, _ body: (PostgresConnection) async throws -> R
    ) async throws -> R {
        try await withTaskExecutorPreference(LeaseLane.shared) {
            try await lent(priority: priority, body)
        }
    }

    private func lent<R: Sendable>(priority: LeasePriority, _ body: (PostgresConnection) async throws -> R) async throws -> R {
        var connection = try await lease(priority: priority)
        while true {
            let result: R
            do {
                result = try await body(connection)
            } catch let error as PostgresError where error.kind == .staleConnection {
                logger.info("replacing a database connection the server has closed")
                await connection.close()
                connection = try await openInSlot()
                continue
            } catch {
                await giveBack(connection)
                throw error
            }
            await giveBack(connection)
            return result
        }
    }

    /// Runs `body` inside BEGIN … COMMIT. Rolls back when `body` throws, when the task was
    /// cancelled (a cancelled task never commits), and when a statement inside failed even if
    /// `body` caught that error (PostgreSQL would otherwise turn the COMMIT into a ROLLBACK silently).
    public func withTransaction<R: Sendable>(
        priority: LeasePriority = .normal, logger: Logger? = nil, _ body: (PostgresConnection) async throws -> R
    ) async throws -> R {
        let logger = logger ?? self.logger
        return try await withConnection(priority: priority) { connection in
            try await connection.execute(.begin, logger: logger)
            let result: R
            do {
                result = try await body(connection)
                try Task.checkCancellation()
                if connection.isInFailedTransaction {
                    throw PostgresError.rolledBackAfterFailure
                }
            } catch {
                await connection.rollback(logger: logger)
                throw error
            }
            try await connection.execute(.commit, logger: logger)
            return result
        }
    }

    /// Runs one statement on a pooled connection. `logger` (the request's, so its metadata
    /// reaches the database's log lines) defaults to the pool's.
    public func query(_ query: PostgresQuery, logger: Logger? = nil) async throws -> PostgresRows {
        try await withConnection { try await $0.query(query, logger: logger ?? self.logger) }
    }

    /// Runs one statement on a pooled connection; returns the number of affected rows.
    @discardableResult
    public func execute(_ query: PostgresQuery, logger: Logger? = nil) async throws -> Int {
        try await withConnection { try await $0.execute(query, logger: logger ?? self.logger) }
    }

    /// A connection of its own, outside the pool's slots, on the pool's threads and socket
    /// watcher (for `PostgresListener`). Throws `.poolClosed` unless the pool runs; the
    /// caller closes it.
    func openDedicatedConnection(applicationName: String) async throws -> PostgresConnection {
        // A listener may start before the pool does: it waits for the start as a lease would.
        if locked.withLock({ $0.state.phase == .starting }) { try await withConnection { _ in } }
        guard locked.withLock({ $0.state.phase == .running }) else { throw Self.closedError }
        var configuration = configuration
        configuration.applicationName = applicationName
        return try await PostgresConnection.connect(
            configuration: configuration, threadPool: threadPool, watcher: watcher, logger: logger)
    }
}

extension PostgresPool {
    /// Runs the pool for as long as `body` runs, then shuts it down: for tools and tests. A
    /// server adds the pool to its service group instead.
    public func whileRunning<R: Sendable>(_ body: (PostgresPool) async throws -> R) async throws -> R {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.run() }
            defer { group.cancelAll() }
            return try await body(self)
        }
    }
}

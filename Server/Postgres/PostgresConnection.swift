import CLibPQ
import Logging
import NIOPosix
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One libpq connection, lent by `PostgresPool` to one leaseholder at a time.
///
/// The connection is in libpq's nonblocking mode: a statement is sent from the calling
/// task, which then suspends, holding no thread, until `SocketWatcher` sees the answer
/// arrive; the task then reads it. No libpq call made on a task can block (connecting and
/// closing, which can, run on the pool's `NIOThreadPool`).
///
/// Everything about the connection lives in one `Locked` value under one mutex: the
/// `PGconn*`, its cancel handle, and `ConnectionState`, which makes every decision (may a
/// statement begin, must a cancel request be sent, may the pool lend it again). Every libpq
/// call happens while the mutex is held, and a connection runs one statement at a time,
/// which is why the type is `Sendable` without `@unchecked`.
public final class PostgresConnection: Sendable {
    struct Locked {
        var state = ConnectionState()
        /// PGconn*; nil once closed.
        var pointer: OpaquePointer?
        var cancel: CancelHandle?
        /// The task of a statement that is over, waiting for its cancel request to go out.
        var finisher: CheckedContinuation<Void, Never>?
    }

    /// At most this many statements are prepared per connection; later ones run unprepared.
    static let maxPreparedStatements = 256

    let locked: Mutex<Locked>
    /// Whether statements are prepared once per connection and then executed by name.
    let preparesStatements: Bool
    /// How long one round trip may wait for the server (nil: for ever).
    let statementTimeout: Duration?
    let watcher: SocketWatcher
    private let threadPool: NIOThreadPool
    private let noticeSink: NoticeSink
    /// The server process serving this connection, for log lines.
    let backendPID: Int32
    /// When the connection was opened: the pool retires those opened before a server was
    /// found unfit (see `PostgresError.showsServerUnfit`).
    let openedAt = ContinuousClock.now

    private init(
        pointer: sending OpaquePointer, cancel: CancelHandle?, threadPool: NIOThreadPool, watcher: SocketWatcher,
        noticeSink: NoticeSink, backendPID: Int32, configuration: PostgresConfiguration
    ) {
        self.locked = Mutex(Locked(pointer: pointer, cancel: cancel))
        self.preparesStatements = configuration.preparesStatements
        self.statementTimeout = configuration.statementTimeout
        self.threadPool = threadPool
        self.watcher = watcher
        self.noticeSink = noticeSink
        self.backendPID = backendPID
    }

    deinit {
        // Safety net only: the pool closes connections on its threads before letting go of them.
        blockingClose()
    }

    // MARK: - Opening and closing

    /// Opens a connection (blocking, on `threadPool`). Throws `.connectionFailed` with libpq's message.
    static func connect(
        configuration: PostgresConfiguration, threadPool: NIOThreadPool, watcher: SocketWatcher, logger: Logger
    ) async throws -> PostgresConnection {
        try await runBlocking(on: threadPool) {
            try blockingConnect(configuration: configuration, threadPool: threadPool, watcher: watcher, logger: logger)
        }
    }

    private static func blockingConnect(
        configuration: PostgresConfiguration, threadPool: NIOThreadPool, watcher: SocketWatcher, logger: Logger
    ) throws -> PostgresConnection {
        guard let pointer = openPointer(configuration) else {
            throw PostgresError(kind: .connectionFailed, message: "libpq could not allocate a connection")
        }
        guard PQstatus(pointer) == CONNECTION_OK else {
            let message = LibPQResult.errorMessage(pointer) ?? "unknown error"
            PQfinish(pointer)
            throw PostgresError(kind: .connectionFailed, message: "could not connect to PostgreSQL: \(message)")
        }
        guard PQsetnonblocking(pointer, 1) == 0 else {
            let message = LibPQResult.errorMessage(pointer) ?? "unknown error"
            PQfinish(pointer)
            throw PostgresError(kind: .connectionFailed, message: "could not switch the connection to nonblocking mode: \(message)")
        }
        let sink = NoticeSink(logger: logger)
        _ = PQsetNoticeProcessor(
            pointer,
            { context, message in
                guard let context, let message else { return }
                let sink = Unmanaged<NoticeSink>.fromOpaque(context).takeUnretainedValue()
                sink.logger.debug("postgres notice", metadata: ["message": .string(String(cString: message).trimmingTrailingNewlines())])
            }, Unmanaged.passUnretained(sink).toOpaque())
        return PostgresConnection(
            pointer: pointer, cancel: CancelHandle(pointer), threadPool: threadPool, watcher: watcher, noticeSink: sink,
            backendPID: PQbackendPID(pointer), configuration: configuration)
    }

    /// PQconnectdbParams with the configuration's keyword/value pairs (no conninfo string is built).
    private static func openPointer(_ configuration: PostgresConfiguration) -> sending OpaquePointer? {
        let pairs = configuration.connectionKeywords
        let keys = pairs.map { strdup($0.key) }
        let values = pairs.map { strdup($0.value) }
        let keyPointers = keys.map { UnsafePointer($0) } + [nil]
        let valuePointers = values.map { UnsafePointer($0) } + [nil]
        let pointer = PQconnectdbParams(keyPointers, valuePointers, configuration.expandsDatabaseName ? 1 : 0)
        keys.forEach { free($0) }
        values.forEach { free($0) }
        return pointer
    }

    /// Closes the connection (PQfinish, on a pool thread; inline if the thread pool is gone).
    func close() async {
        do {
            try await Self.runBlocking(on: threadPool) { self.blockingClose() }
        } catch {
            blockingClose()
        }
    }

    private func blockingClose() {
        let finisher = locked.withLock { locked -> CheckedContinuation<Void, Never>? in
            let finishing = locked.state.close()
            if let pointer = locked.pointer { PQfinish(pointer) }
            locked.pointer = nil
            locked.cancel = nil
            defer { locked.finisher = nil }
            return finishing ? locked.finisher : nil
        }
        finisher?.resume()
    }

    /// Runs blocking libpq work (connecting, closing) on one of `threadPool`'s threads and
    /// waits for it. Unlike `runIfActive`, work submitted from a cancelled task still runs: a
    /// PQfinish issued while a task is being cancelled must happen. Only a thread pool that is
    /// shut down refuses work.
    private static func runBlocking<T: Sendable>(on threadPool: NIOThreadPool, _ body: @escaping @Sendable () throws -> T)
        async throws -> T
    {
        try await withCheckedThrowingContinuation { continuation in
            threadPool.submit { state in
                switch state {
                case .active:
                    continuation.resume(with: Result(catching: body))
                case .cancelled:
                    continuation.resume(throwing: PostgresError(kind: .poolClosed, message: "the database pool is shut down"))
                }
            }
        }
    }

    // MARK: - Statements

    /// Runs one statement and returns its rows (empty for statements without rows). SQL text
    /// (never the bound values) is logged at debug level to `logger`, so a request's logger
    /// ties the statement to the request.
    ///
    /// When the calling task is cancelled while the statement runs, the server is asked to
    /// cancel it (`PQcancel`); the call then fails with SQLSTATE 57014 and the connection
    /// stays usable.
    public func query(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRows {
        try await run(query, logger: logger).rows
    }

    /// Runs one statement and returns the number of rows it affected (PQcmdTuples).
    @discardableResult
    public func execute(_ query: PostgresQuery, logger: Logger) async throws -> Int {
        try await run(query, logger: logger).affectedRows
    }

    /// Runs several `;`-separated statements without parameters, e.g. a migration. They run
    /// as one implicit transaction unless the script has its own BEGIN/COMMIT. A script has no
    /// deadline: building an index on a large table may take minutes.
    public func executeScript(_ sql: String, logger: Logger) async throws {
        log(logger, "postgres script", sql: sql)
        _ = try await statement(cancellable: true) {
            try await roundTrip(deadline: false) { PQsendQuery($0, sql) }
        }
    }

    /// Ends the transaction this connection is in; never cancelled, so that it runs even for
    /// a task that is being cancelled. On failure the connection is left in the transaction
    /// and the pool discards it.
    public func rollback(logger: Logger) async {
        do {
            _ = try await statement(cancellable: false) {
                try await roundTrip { PQsendQuery($0, "ROLLBACK") }
            }
        } catch {
            logger.warning("ROLLBACK failed", metadata: ["error": "\(error)", "db.backend_pid": "\(backendPID)"])
        }
    }

    /// Refuses, before anything is sent, a value PostgreSQL cannot take and more parameters
    /// than the protocol can number.
    static func checkBinds(of query: PostgresQuery) throws {
        for (position, bind) in query.binds.enumerated() {
            if let problem = bind.problem {
                throw PostgresError(kind: .invalidParameter, message: "parameter $\(position + 1): \(problem)")
            }
        }
        guard query.binds.count <= Int(UInt16.max) else {
            throw PostgresError(kind: .invalidParameter, message: "\(query.binds.count) parameters; PostgreSQL allows at most 65535")
        }
    }

    func log(_ logger: Logger, _ message: Logger.Message, sql: String, binds: Int? = nil) {
        guard logger.logLevel <= .debug else { return }
        var metadata: Logger.Metadata = ["sql": .string(sql), "db.backend_pid": .stringConvertible(backendPID)]
        if let binds { metadata["binds"] = .stringConvertible(binds) }
        logger.debug(message, metadata: metadata)
    }

    private func run(_ query: PostgresQuery, logger: Logger) async throws -> QueryOutcome {
        try Self.checkBinds(of: query)
        // SQL text only: bind values may hold secrets (password hashes, tokens).
        log(logger, "postgres query", sql: query.sql, binds: query.binds.count)
        return try await statement(cancellable: true) {
            try await execute(query, prepare: preparesStatements)
        }
    }
}

/// Receives the server's notices and warnings (libpq would print them to stderr) and logs them.
private final class NoticeSink: Sendable {
    let logger: Logger
    init(logger: Logger) { self.logger = logger }
}

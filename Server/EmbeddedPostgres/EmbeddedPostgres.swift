import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A PostgreSQL cluster of our own on this machine, reachable only through a unix socket.
///
/// The server starts one when it is given no `DATABASE_URL`; the tests start one in a
/// throw-away folder. The first `start()` creates the cluster (`initdb`), later ones reuse
/// it, and a cluster that is already running is adopted rather than started twice.
///
/// When this process runs as root, every PostgreSQL program runs as the `postgres` system
/// user (PostgreSQL refuses root), and the folders it writes to are given to that user.
/// See `ClusterLayout` for the files it creates.
public struct EmbeddedPostgres: Sendable {
    /// How to reach the running cluster (libpq: `host=<socketDirectory> port=<port>`).
    public struct Endpoint: Sendable, Hashable {
        public var socketDirectory: String
        public var port: Int
        /// The role to connect as: the application's (not a superuser), or in a cluster made
        /// without one (tests), the superuser.
        public var user: String
        public var database: String

        public init(socketDirectory: String, port: Int, user: String, database: String) {
            self.socketDirectory = socketDirectory
            self.port = port
            self.user = user
            self.database = database
        }
    }

    /// The role the server connects as: it owns its database (enough for migrations) and is
    /// not a superuser, so a connection cannot reach beyond the database (no `COPY … TO
    /// PROGRAM`, no files of the server).
    public static let defaultApplicationRole = "examprep_app"
    /// The superuser of clusters made by this version (older ones were made with `examprep`).
    static let superuserOfNewClusters = "postgres"
    static let superuserOfOlderClusters = "examprep"
    /// The system user PostgreSQL runs as when we are root.
    public static let systemUserWhenRoot = "postgres"

    public let dataDirectory: URL
    public let port: Int
    public let database: String
    /// The application's role, created at start and made the owner of `database`; nil
    /// connects as the superuser (the test cluster, which creates databases).
    public let applicationRole: String?
    /// Extra server settings (`name = value` in the cluster's configuration), rewritten at every start.
    /// Tests use it to turn durability off (`fsync`, `synchronous_commit`, `full_page_writes`).
    public let settings: [String: String]

    let binarySearchDirectories: [URL]?
    let logger: Logger
    let layout: ClusterLayout
    let runtime = EmbeddedRuntime()

    /// - Parameters:
    ///   - dataDirectory: the folder that holds the cluster, its socket and its log (created if missing).
    ///   - port: only names the socket file (`.s.PGSQL.<port>`); nothing listens on TCP.
    ///   - database: created at start if missing.
    ///   - applicationRole: see `applicationRole`.
    ///   - settings: extra `postgresql.conf` settings.
    ///   - binarySearchDirectories: where to look for `initdb` and `pg_ctl`; `nil` searches the machine
    ///     (see `PostgresBinaries.locate`).
    public init(
        dataDirectory: URL,
        port: Int = 5432,
        database: String = "examprep",
        applicationRole: String? = EmbeddedPostgres.defaultApplicationRole,
        settings: [String: String] = [:],
        binarySearchDirectories: [URL]? = nil,
        logger: Logger
    ) {
        self.dataDirectory = dataDirectory.standardizedFileURL
        self.port = port
        self.database = database
        self.applicationRole = applicationRole
        self.settings = settings
        self.binarySearchDirectories = binarySearchDirectories
        self.logger = logger
        self.layout = ClusterLayout(root: dataDirectory, port: port)
    }

    /// The server log.
    public var logFile: URL { layout.logFile }

    /// Creates the cluster on first use, starts it (or adopts it if it already runs),
    /// creates `database` and the application's role if missing, and says how to connect.
    ///
    /// The socket's folder must belong to PostgreSQL's user with mode 0700, and the socket
    /// itself is 0700: only that user (and root) can connect. A folder that fails the check
    /// stops the start (`EmbeddedPostgresError.notPrivate`).
    public func start() async throws -> Endpoint {
        let context = try await makeContext()
        try prepareFolders(context)

        if try await isRunning(context) {
            let socketDirectory = try runningSocketDirectory(context)
            logger.info(
                "PostgreSQL already running; reusing it",
                metadata: ["data": "\(layout.clusterDirectory.path)", "socket": "\(socketDirectory.path)"])
            return try await setUpDatabase(socketDirectory: socketDirectory, context)
        }

        if !isInitialised {
            try await initialise(context)
        }
        let socketDirectory = try makeSocketDirectory(context)
        try writeConfiguration(socketDirectory: socketDirectory, context)
        logger.info("starting PostgreSQL", metadata: ["data": "\(layout.clusterDirectory.path)", "log": "\(layout.logFile.path)"])
        do {
            try await context.runner.check(
                context.binaries.pgCtl,
                [
                    "start", "-D", layout.clusterDirectory.path, "-l", layout.logFile.path, "-w", "-t", "120",
                ])
        } catch let EmbeddedPostgresError.commandFailed(command, status, output) {
            throw EmbeddedPostgresError.commandFailed(command: command, status: status, output: output + "\n" + logTail())
        }
        let endpoint = try await setUpDatabase(socketDirectory: socketDirectory, context)
        logger.info("PostgreSQL ready", metadata: ["socket": "\(endpoint.socketDirectory)", "port": "\(port)", "database": "\(database)"])
        return endpoint
    }

    /// Stops the cluster (`pg_ctl stop -m fast`: ends sessions, rolls back open transactions)
    /// and removes a temporary socket folder. Does nothing when it is not running.
    public func stop() async throws {
        let context = try await makeContext()
        guard try await isRunning(context) else { return }
        let socketDirectory = try? runningSocketDirectory(context)
        logger.info("stopping PostgreSQL", metadata: ["data": "\(layout.clusterDirectory.path)"])
        try await context.runner.check(
            context.binaries.pgCtl, ["stop", "-D", layout.clusterDirectory.path, "-m", "fast", "-w", "-t", "120"])
        if let socketDirectory, socketDirectory != layout.preferredSocketDirectory {
            try? FileManager.default.removeItem(at: socketDirectory)
            runtime.socketDirectory.withLock { $0 = nil }
        }
    }

    /// Restarts the cluster (fast shutdown, then start with the current settings);
    /// starts it if it was not running. Connections open before are broken afterwards.
    public func restart() async throws {
        let context = try await makeContext()
        try prepareFolders(context)
        let socketDirectory = try makeSocketDirectory(context)
        try writeConfiguration(socketDirectory: socketDirectory, context)
        logger.info("restarting PostgreSQL", metadata: ["data": "\(layout.clusterDirectory.path)"])
        try await context.runner.check(
            context.binaries.pgCtl,
            [
                "restart", "-D", layout.clusterDirectory.path, "-l", layout.logFile.path, "-m", "fast", "-w", "-t", "120",
            ])
    }

    /// Whether a server runs on this cluster (`pg_ctl status`).
    public func isRunning() async throws -> Bool {
        try await isRunning(makeContext())
    }

    /// Whether the postmaster named in `postmaster.pid` is alive: a cheap check (no process
    /// is started) for a supervisor to run often. False when there is no such file.
    public func postmasterIsAlive() -> Bool {
        let pidFile = layout.clusterDirectory.appendingPathComponent("postmaster.pid")
        guard let text = try? String(contentsOf: pidFile, encoding: .utf8),
            let line = text.split(separator: "\n").first, let pid = pid_t(line.trimmingCharacters(in: .whitespaces)), pid > 0
        else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// Stops the cluster at once (`-m immediate`) and blocks the calling thread until it has.
    /// Meant for `atexit` handlers, where no async context is left; elsewhere use `stop()`.
    /// Does nothing unless this value has started or stopped the cluster before.
    public func stopBlocking() {
        guard let binaries = runtime.binaries.withLock({ $0 }) else { return }
        _ = runner().runBlocking(binaries.pgCtl, ["stop", "-D", layout.clusterDirectory.path, "-m", "immediate", "-w", "-t", "30"])
    }
}

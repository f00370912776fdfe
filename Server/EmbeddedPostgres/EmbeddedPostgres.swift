import Foundation
import Logging
import Synchronization

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
        public var user: String
        public var database: String

        public init(socketDirectory: String, port: Int, user: String, database: String) {
            self.socketDirectory = socketDirectory
            self.port = port
            self.user = user
            self.database = database
        }
    }

    /// The superuser the cluster is created with (trust authentication over the socket only).
    public static let superuser = "examprep"
    /// The system user PostgreSQL runs as when we are root.
    public static let systemUserWhenRoot = "postgres"

    public let dataDirectory: URL
    public let port: Int
    public let database: String
    /// Extra server settings (`name = value` in the cluster's configuration), rewritten at every start.
    /// Tests use it to turn durability off (`fsync`, `synchronous_commit`, `full_page_writes`).
    public let settings: [String: String]

    private let binarySearchDirectories: [URL]?
    private let logger: Logger
    private let layout: ClusterLayout
    private let resolvedBinaries = BinariesCache()

    /// - Parameters:
    ///   - dataDirectory: the folder that holds the cluster, its socket and its log (created if missing).
    ///   - port: only names the socket file (`.s.PGSQL.<port>`); nothing listens on TCP.
    ///   - database: created at start if missing.
    ///   - settings: extra `postgresql.conf` settings.
    ///   - binarySearchDirectories: where to look for `initdb` and `pg_ctl`; `nil` searches the machine
    ///     (see `PostgresBinaries.locate`).
    public init(
        dataDirectory: URL,
        port: Int = 5432,
        database: String = "examprep",
        settings: [String: String] = [:],
        binarySearchDirectories: [URL]? = nil,
        logger: Logger
    ) {
        self.dataDirectory = dataDirectory.standardizedFileURL
        self.port = port
        self.database = database
        self.settings = settings
        self.binarySearchDirectories = binarySearchDirectories
        self.logger = logger
        self.layout = ClusterLayout(root: dataDirectory, port: port)
    }

    /// The server log.
    public var logFile: URL { layout.logFile }

    /// Creates the cluster on first use, starts it (or adopts it if it already runs),
    /// creates `database` if missing, and says how to connect.
    public func start() async throws -> Endpoint {
        let context = try await makeContext()
        try prepareFolders(context)

        if try await isRunning(context) {
            let endpoint = runningEndpoint()
            logger.info(
                "PostgreSQL already running; reusing it",
                metadata: ["data": "\(layout.clusterDirectory.path)", "socket": "\(endpoint.socketDirectory)"])
            try await createDatabaseIfMissing(endpoint, context)
            return endpoint
        }

        if !isInitialised {
            try await initialise(context)
        }
        try writeSettings(context)
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
        let endpoint = Endpoint(socketDirectory: layout.socketDirectory.path, port: port, user: Self.superuser, database: database)
        try await createDatabaseIfMissing(endpoint, context)
        logger.info("PostgreSQL ready", metadata: ["socket": "\(endpoint.socketDirectory)", "port": "\(port)", "database": "\(database)"])
        return endpoint
    }

    /// Stops the cluster (`pg_ctl stop -m fast`: ends sessions, rolls back open transactions).
    /// Does nothing when it is not running.
    public func stop() async throws {
        let context = try await makeContext()
        guard try await isRunning(context) else { return }
        logger.info("stopping PostgreSQL", metadata: ["data": "\(layout.clusterDirectory.path)"])
        try await context.runner.check(
            context.binaries.pgCtl, ["stop", "-D", layout.clusterDirectory.path, "-m", "fast", "-w", "-t", "120"])
    }

    /// Restarts the cluster (fast shutdown, then start with the current settings);
    /// starts it if it was not running. Connections open before are broken afterwards.
    public func restart() async throws {
        let context = try await makeContext()
        try prepareFolders(context)
        try writeSettings(context)
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

    /// Stops the cluster at once (`-m immediate`) and blocks the calling thread until it has.
    /// Meant for `atexit` handlers, where no async context is left; elsewhere use `stop()`.
    /// Does nothing unless this value has started or stopped the cluster before.
    public func stopBlocking() {
        guard let binaries = resolvedBinaries.value.withLock({ $0 }) else { return }
        _ = runner().runBlocking(binaries.pgCtl, ["stop", "-D", layout.clusterDirectory.path, "-m", "immediate", "-w", "-t", "30"])
    }

    // MARK: - Steps

    private struct Context: Sendable {
        var binaries: PostgresBinaries
        var runner: ProcessRunner
        /// The account that owns the cluster's files when we are root.
        var owner: SystemUser?
    }

    private func makeContext() async throws -> Context {
        let binaries: PostgresBinaries
        if let cached = resolvedBinaries.value.withLock({ $0 }) {
            binaries = cached
        } else {
            do {
                binaries = try await PostgresBinaries.locate(candidates: binarySearchDirectories)
            } catch let error as EmbeddedPostgresError {
                if case .binariesNotFound(let searched) = error {
                    logger.debug("searched for PostgreSQL binaries", metadata: ["folders": "\(searched.joined(separator: ":"))"])
                }
                throw error
            }
            resolvedBinaries.value.withLock { $0 = binaries }
            logger.debug("using PostgreSQL binaries", metadata: ["folder": "\(binaries.directory.path)"])
        }
        var owner: SystemUser?
        if SystemUser.isRoot {
            guard let user = SystemUser.lookup(Self.systemUserWhenRoot) else {
                throw EmbeddedPostgresError.systemUserMissing(Self.systemUserWhenRoot)
            }
            owner = user
        }
        return Context(binaries: binaries, runner: runner(), owner: owner)
    }

    private func runner() -> ProcessRunner {
        // The programs run inside the data folder: the caller's working directory may be
        // closed to the `postgres` user.
        ProcessRunner(runAsUser: SystemUser.isRoot ? Self.systemUserWhenRoot : nil, workingDirectory: layout.root)
    }

    private var isInitialised: Bool {
        FileManager.default.fileExists(atPath: layout.clusterDirectory.appendingPathComponent("PG_VERSION").path)
    }

    /// Creates the root, cluster and socket folders (0700) and the log file, owned by the
    /// account that runs PostgreSQL.
    private func prepareFolders(_ context: Context) throws {
        let files = FileManager.default
        do {
            for folder in [layout.root, layout.clusterDirectory, layout.socketDirectory] {
                // Missing ancestors get ordinary permissions; our own folders are private.
                try files.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
                if !files.fileExists(atPath: folder.path) {
                    try files.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
                }
            }
            if !files.fileExists(atPath: layout.logFile.path),
                !files.createFile(atPath: layout.logFile.path, contents: nil, attributes: [.posixPermissions: 0o600])
            {
                throw EmbeddedPostgresError.fileSystem("cannot create the PostgreSQL log \(layout.logFile.path)")
            }
        } catch {
            throw EmbeddedPostgresError.fileSystem("cannot prepare the PostgreSQL folder \(layout.root.path): \(error)")
        }
        guard let owner = context.owner else { return }
        for item in [layout.root, layout.clusterDirectory, layout.socketDirectory, layout.logFile] {
            try owner.take(item)
        }
        let opened = try owner.ensureTraversable(layout.root) + owner.ensureTraversable(layout.socketDirectory)
        for folder in opened {
            logger.warning("added search permission (o+x) so PostgreSQL's user can reach its folder", metadata: ["folder": "\(folder)"])
        }
    }

    private func initialise(_ context: Context) async throws {
        logger.info("creating PostgreSQL cluster (initdb)", metadata: ["data": "\(layout.clusterDirectory.path)"])
        var arguments = [
            "-D", layout.clusterDirectory.path,
            "--auth=trust",
            "--username=\(Self.superuser)",
            "--encoding=UTF8",
            "--locale=C",
        ]
        // A cluster that is told not to fsync (tests) need not wait for initdb's syncs either.
        if settings["fsync"] == "off" { arguments.append("--no-sync") }
        try await context.runner.check(context.binaries.initdb, arguments)
        // Our settings live in a file of their own, included last so that they win.
        let mainConfiguration = layout.clusterDirectory.appendingPathComponent("postgresql.conf")
        do {
            let handle = try FileHandle(forWritingTo: mainConfiguration)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(
                contentsOf: Data(
                    "\n# Added by ExamPrep: settings rewritten at every start.\ninclude_if_exists = '\(ClusterLayout.settingsFileName)'\n"
                        .utf8))
        } catch {
            throw EmbeddedPostgresError.fileSystem("cannot extend \(mainConfiguration.path): \(error)")
        }
    }

    private func writeSettings(_ context: Context) throws {
        var lines = [
            "# Written by ExamPrep at every start; edits are lost.",
            "listen_addresses = ''",
            "unix_socket_directories = \(Self.quoted(layout.socketDirectory.path))",
            "port = \(port)",
        ]
        for (name, value) in settings.sorted(by: { $0.key < $1.key }) {
            lines.append("\(name) = \(Self.quoted(value))")
        }
        do {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: layout.settingsFile)
        } catch {
            throw EmbeddedPostgresError.fileSystem("cannot write \(layout.settingsFile.path): \(error)")
        }
        try context.owner?.take(layout.settingsFile)
    }

    private func isRunning(_ context: Context) async throws -> Bool {
        guard isInitialised else { return false }
        let result = try await context.runner.run(context.binaries.pgCtl, ["status", "-D", layout.clusterDirectory.path])
        return result.status == 0
    }

    /// The endpoint of a server already running, from its `postmaster.pid`
    /// (line 4: port, line 5: first socket folder), so a server started with other
    /// settings is still reached where it listens.
    private func runningEndpoint() -> Endpoint {
        var endpoint = Endpoint(socketDirectory: layout.socketDirectory.path, port: port, user: Self.superuser, database: database)
        let pidFile = layout.clusterDirectory.appendingPathComponent("postmaster.pid")
        guard let text = try? String(contentsOf: pidFile, encoding: .utf8) else { return endpoint }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.count > 3, let runningPort = Int(lines[3].trimmingCharacters(in: .whitespaces)) {
            endpoint.port = runningPort
        }
        if lines.count > 4 {
            let socket = lines[4].trimmingCharacters(in: .whitespaces)
            if !socket.isEmpty { endpoint.socketDirectory = socket }
        }
        return endpoint
    }

    private func createDatabaseIfMissing(_ endpoint: Endpoint, _ context: Context) async throws {
        guard !["postgres", "template0", "template1"].contains(database) else { return }
        guard let createdb = context.binaries.createdb else {
            throw EmbeddedPostgresError.fileSystem(
                "createdb not found next to pg_ctl in \(context.binaries.directory.path); cannot create database \(database)")
        }
        let result = try await context.runner.run(
            createdb,
            [
                "-h", endpoint.socketDirectory, "-p", String(endpoint.port), "-U", endpoint.user, "--", database,
            ])
        if result.status == 0 {
            logger.info("created database", metadata: ["database": "\(database)"])
        } else if !result.output.contains("already exists") {
            throw EmbeddedPostgresError.commandFailed(command: "createdb", status: result.status, output: result.output)
        }
    }

    /// The end of the server log, to explain a failed start.
    private func logTail(maximumBytes: Int = 2000) -> String {
        guard let data = try? Data(contentsOf: layout.logFile), !data.isEmpty else { return "" }
        let tail = String(decoding: data.suffix(maximumBytes), as: UTF8.self)
        return "end of \(layout.logFile.path):\n\(tail)"
    }

    /// A PostgreSQL configuration string literal.
    private static func quoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''") + "'"
    }
}

/// Remembers the binaries found by the first call, shared by copies of one `EmbeddedPostgres`.
private final class BinariesCache: Sendable {
    let value = Mutex<PostgresBinaries?>(nil)
}

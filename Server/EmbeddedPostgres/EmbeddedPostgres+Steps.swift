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

/// The steps of starting a cluster: folders, initdb, configuration, the socket, the database
/// and the application's role.
extension EmbeddedPostgres {

    struct Context: Sendable {
        var binaries: PostgresBinaries
        var runner: ProcessRunner
        /// The account that owns the cluster's files when we are root.
        var owner: SystemUser?

        /// The uid PostgreSQL runs as: the owner of its private folders.
        var ownerUID: uid_t { owner?.uid ?? geteuid() }
    }

    func makeContext() async throws -> Context {
        let binaries: PostgresBinaries
        if let cached = runtime.binaries.withLock({ $0 }) {
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
            runtime.binaries.withLock { $0 = binaries }
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

    func runner() -> ProcessRunner {
        // The programs run inside the data folder: the caller's working directory may be
        // closed to the `postgres` user.
        ProcessRunner(runAsUser: SystemUser.isRoot ? Self.systemUserWhenRoot : nil, workingDirectory: layout.root)
    }

    var isInitialised: Bool {
        FileManager.default.fileExists(atPath: layout.clusterDirectory.appendingPathComponent("PG_VERSION").path)
    }

    /// The cluster's superuser: recorded at initdb; clusters from before the record have `examprep`.
    var superuser: String {
        guard let data = FileManager.default.contents(atPath: layout.superuserFile.path) else { return Self.superuserOfOlderClusters }
        let name = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? Self.superuserOfOlderClusters : name
    }

    /// Creates the root and cluster folders (0700) and the log file, owned by the account
    /// that runs PostgreSQL, and checks that the root is private to it.
    func prepareFolders(_ context: Context) throws {
        let files = FileManager.default
        do {
            // Missing ancestors get ordinary permissions; our own folders are private.
            try files.createDirectory(at: layout.root.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PrivateFolder.create(layout.root)
            try PrivateFolder.create(layout.clusterDirectory)
            if !files.fileExists(atPath: layout.logFile.path),
                !files.createFile(atPath: layout.logFile.path, contents: nil, attributes: [.posixPermissions: 0o600])
            {
                throw EmbeddedPostgresError.fileSystem("cannot create the PostgreSQL log \(layout.logFile.path)")
            }
        } catch let error as EmbeddedPostgresError {
            throw error
        } catch {
            throw EmbeddedPostgresError.fileSystem("cannot prepare the PostgreSQL folder \(layout.root.path): \(error)")
        }
        if let owner = context.owner {
            for item in [layout.root, layout.clusterDirectory, layout.logFile] {
                try owner.take(item)
            }
            for folder in try owner.ensureTraversable(layout.root) {
                logger.warning("added search permission (o+x) so PostgreSQL's user can reach its folder", metadata: ["folder": "\(folder)"])
            }
        }
        try PrivateFolder.verify(layout.root, owner: context.ownerUID)
    }

    /// The socket's folder for a start: the one inside the data folder, else the temporary
    /// one this value made before (after a crash it is still there), else a new temporary one.
    /// Each is checked to be PostgreSQL's user's alone.
    func makeSocketDirectory(_ context: Context) throws -> URL {
        let folder: URL
        if let preferred = layout.preferredSocketDirectory {
            try PrivateFolder.create(preferred)
            folder = preferred
        } else if let earlier = runtime.socketDirectory.withLock({ $0 }), FileManager.default.fileExists(atPath: earlier.path) {
            folder = earlier
        } else {
            folder = try PrivateFolder.makeTemporary(prefix: "examprep-socket-")
            runtime.socketDirectory.withLock { $0 = folder }
        }
        try context.owner?.take(folder)
        if let owner = context.owner {
            _ = try owner.ensureTraversable(folder)
        }
        try PrivateFolder.verify(folder, owner: context.ownerUID)
        return folder
    }

    func initialise(_ context: Context) async throws {
        logger.info("creating PostgreSQL cluster (initdb)", metadata: ["data": "\(layout.clusterDirectory.path)"])
        var arguments = [
            "-D", layout.clusterDirectory.path,
            "--auth=trust",
            "--username=\(Self.superuserOfNewClusters)",
            "--encoding=UTF8",
            "--locale=C",
        ]
        // A cluster that is told not to fsync (tests) need not wait for initdb's syncs either.
        if settings["fsync"] == "off" { arguments.append("--no-sync") }
        try await context.runner.check(context.binaries.initdb, arguments)
        do {
            try Data((Self.superuserOfNewClusters + "\n").utf8).write(to: layout.superuserFile)
        } catch {
            throw EmbeddedPostgresError.fileSystem("cannot write \(layout.superuserFile.path): \(error)")
        }
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

    /// Rewrites our settings (no TCP, the socket in `socketDirectory` with mode 0700) and the
    /// client authentication (the unix socket only; whoever may enter its folder is trusted).
    func writeConfiguration(socketDirectory: URL, _ context: Context) throws {
        var lines = [
            "# Written by ExamPrep at every start; edits are lost.",
            "listen_addresses = ''",
            "unix_socket_directories = \(Self.quoted(socketDirectory.path))",
            "unix_socket_permissions = 0700",
            "port = \(port)",
        ]
        for (name, value) in settings.sorted(by: { $0.key < $1.key }) {
            lines.append("\(name) = \(Self.quoted(value))")
        }
        let hba = """
            # Written by ExamPrep at every start; edits are lost.
            # Only the unix socket, whose folder and file only PostgreSQL's user may open.
            # There are no TCP lines: the server listens on no TCP address.
            local all all trust

            """
        do {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: layout.settingsFile)
            try Data(hba.utf8).write(to: layout.hbaFile)
        } catch {
            throw EmbeddedPostgresError.fileSystem("cannot write the configuration of \(layout.clusterDirectory.path): \(error)")
        }
        try context.owner?.take(layout.settingsFile)
        try context.owner?.take(layout.hbaFile)
    }

    func isRunning(_ context: Context) async throws -> Bool {
        guard isInitialised else { return false }
        let result = try await context.runner.run(context.binaries.pgCtl, ["status", "-D", layout.clusterDirectory.path])
        return result.status == 0
    }

    /// The socket folder of a server already running, from its `postmaster.pid` (line 5),
    /// checked to be private; its port (line 4) must be ours.
    func runningSocketDirectory(_ context: Context) throws -> URL {
        let pidFile = layout.clusterDirectory.appendingPathComponent("postmaster.pid")
        let text = (try? String(contentsOf: pidFile, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.count > 4, !lines[4].isEmpty else {
            throw EmbeddedPostgresError.fileSystem("the running PostgreSQL's \(pidFile.path) names no socket folder")
        }
        if let runningPort = Int(lines[3]), runningPort != port {
            throw EmbeddedPostgresError.fileSystem("the running PostgreSQL listens on port \(runningPort), not \(port); stop it first")
        }
        let folder = URL(fileURLWithPath: lines[4], isDirectory: true)
        try PrivateFolder.verify(folder, owner: context.ownerUID)
        if folder != layout.preferredSocketDirectory { runtime.socketDirectory.withLock { $0 = folder } }
        return folder
    }

    /// Creates the database (and the application's role, the owner of the database and of
    /// everything in it) if missing; returns how the application connects.
    func setUpDatabase(socketDirectory: URL, _ context: Context) async throws -> Endpoint {
        let superuser = superuser
        if ["postgres", "template0", "template1"].contains(database) {
            // A system database: used as it is, by the superuser (the test cluster).
            return Endpoint(socketDirectory: socketDirectory.path, port: port, user: superuser, database: database)
        }
        guard let psql = context.binaries.psql else {
            throw EmbeddedPostgresError.fileSystem(
                "psql not found next to pg_ctl in \(context.binaries.directory.path); cannot create database \(database)")
        }
        let script = try DatabaseSetupScript(database: database, applicationRole: applicationRole).text
        let scriptFile = layout.root.appendingPathComponent("setup.sql")
        do {
            try Data(script.utf8).write(to: scriptFile)
        } catch {
            throw EmbeddedPostgresError.fileSystem("cannot write \(scriptFile.path): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: scriptFile) }
        try context.owner?.take(scriptFile)
        try await context.runner.check(
            psql,
            [
                "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", socketDirectory.path, "-p", String(port), "-U", superuser,
                "-d", "postgres", "-f", scriptFile.path,
            ])
        return Endpoint(socketDirectory: socketDirectory.path, port: port, user: applicationRole ?? superuser, database: database)
    }

    /// The end of the server log, to explain a failed start.
    func logTail(maximumBytes: Int = 2000) -> String {
        guard let data = try? Data(contentsOf: layout.logFile), !data.isEmpty else { return "" }
        let tail = String(decoding: data.suffix(maximumBytes), as: UTF8.self)
        return "end of \(layout.logFile.path):\n\(tail)"
    }

    /// A PostgreSQL configuration string literal.
    static func quoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''") + "'"
    }
}

/// What copies of one `EmbeddedPostgres` learn as they go: the binaries found by the first
/// call, and the temporary socket folder of this process's starts.
final class EmbeddedRuntime: Sendable {
    let binaries = Mutex<PostgresBinaries?>(nil)
    let socketDirectory = Mutex<URL?>(nil)
}

import ExamPrepEmbeddedPostgres
import ExamPrepPostgres
import ExamPrepTestSupport
import Foundation
import Testing

@Suite("Embedded PostgreSQL", .hangGuard)
struct EmbeddedPostgresTests {
    /// Settings for throw-away clusters: no disk flushes.
    static let fastSettings = ["fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"]

    /// A new folder under the temporary directory, removed (after stopping its cluster) when `body` ends.
    private func withClusterFolder<R: Sendable>(
        name: String = "examprep-embedded-\(UUID().uuidString.prefix(8).lowercased())",
        _ body: (URL) async throws -> R
    ) async throws -> R {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        let cleanup = {
            try? await EmbeddedPostgres(dataDirectory: folder, logger: quietLogger("cleanup")).stop()
            try? FileManager.default.removeItem(at: folder)
        }
        do {
            let result = try await body(folder)
            await cleanup()
            return result
        } catch {
            await cleanup()
            throw error
        }
    }

    private func configuration(_ endpoint: EmbeddedPostgres.Endpoint) -> PostgresConfiguration {
        PostgresConfiguration(
            socketDirectory: endpoint.socketDirectory, port: endpoint.port, user: endpoint.user, database: endpoint.database)
    }

    @Test("a second start on the same folder reuses the cluster and its data")
    func reusesCluster() async throws {
        try await withClusterFolder { folder in
            let postgres = EmbeddedPostgres(
                dataDirectory: folder, database: "reuse", settings: Self.fastSettings, logger: quietLogger("embedded"))
            let first = try await postgres.start()
            #expect(first.database == "reuse")
            #expect(first.user == "examprep_app")
            try await withPool(configuration(first)) { pool in
                try await pool.execute("CREATE TABLE marker (note text)")
                try await pool.execute("INSERT INTO marker VALUES ('kept')")
            }

            // Started again while running: adopted, same endpoint.
            #expect(try await postgres.start() == first)

            // Stopped and started by a new value on the same folder: no new initdb, the data is there.
            try await postgres.stop()
            #expect(try await postgres.isRunning() == false)
            let again = EmbeddedPostgres(
                dataDirectory: folder, database: "reuse", settings: Self.fastSettings, logger: quietLogger("embedded"))
            let second = try await again.start()
            #expect(second == first)
            try await withPool(configuration(second)) { pool in
                let rows = try await pool.query("SELECT note FROM marker")
                #expect(try rows.map { try $0.decode("note", as: String.self) } == ["kept"])
            }
            try await again.stop()
        }
    }

    @Test("listens on a unix socket only, and the server log is in the data folder")
    func socketOnly() async throws {
        try await withClusterFolder { folder in
            let postgres = EmbeddedPostgres(dataDirectory: folder, settings: Self.fastSettings, logger: quietLogger("embedded"))
            let endpoint = try await postgres.start()
            #expect(endpoint.socketDirectory.hasPrefix(folder.standardizedFileURL.path))
            #expect(FileManager.default.fileExists(atPath: "\(endpoint.socketDirectory)/.s.PGSQL.\(endpoint.port)"))
            #expect(postgres.logFile.path == folder.standardizedFileURL.appendingPathComponent("postgres.log").path)
            #expect(FileManager.default.fileExists(atPath: postgres.logFile.path))
            try await withPool(configuration(endpoint)) { pool in
                let rows = try await pool.query("SELECT current_setting('listen_addresses') AS listen")
                #expect(try rows.first?.decode("listen", as: String.self) == "")
            }
            try await postgres.stop()
        }
    }

    @Test("after a restart, a pool reconnects by itself")
    func restart() async throws {
        let endpoint = try await TestDatabase.cluster().endpoint
        // A cluster of its own: restarting the shared one would disturb parallel tests.
        try await withClusterFolder { folder in
            let own = EmbeddedPostgres(dataDirectory: folder, settings: Self.fastSettings, logger: quietLogger("embedded"))
            let ownEndpoint = try await own.start()
            #expect(ownEndpoint.socketDirectory != endpoint.socketDirectory)
            try await withPool(configuration(ownEndpoint), maxConnections: 1) { pool in
                try await pool.execute("SELECT 1")
                try await own.restart()
                #expect(try await own.isRunning())
                let rows = try await pool.query("SELECT 41 + 1 AS answer")
                #expect(try rows.first?.decode("answer", as: Int.self) == 42)
            }
            try await own.stop()
        }
    }

    @Test("a data folder too deep for a socket path gets a short socket folder under /tmp")
    func longPathFallsBackToShortSocket() async throws {
        let deep = String(repeating: "d", count: 120)
        try await withClusterFolder(name: "examprep-embedded-long-\(UUID().uuidString.prefix(8).lowercased())") { folder in
            let data = folder.appendingPathComponent(deep, isDirectory: true)
            let postgres = EmbeddedPostgres(dataDirectory: data, settings: Self.fastSettings, logger: quietLogger("embedded"))
            let endpoint = try await postgres.start()
            #expect(endpoint.socketDirectory.hasPrefix("/tmp/examprep-socket-"))
            #expect("\(endpoint.socketDirectory)/.s.PGSQL.\(endpoint.port)".utf8.count <= 107)
            try await withPool(configuration(endpoint)) { pool in
                try await pool.execute("SELECT 1")
            }
            try await postgres.stop()
            #expect(!FileManager.default.fileExists(atPath: endpoint.socketDirectory), "the temporary socket folder is removed at stop")
        }
    }

    @Test("missing binaries give one clear line")
    func missingBinaries() async throws {
        try await withClusterFolder { folder in
            let empty = folder.appendingPathComponent("no-binaries-here", isDirectory: true)
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            let postgres = EmbeddedPostgres(
                dataDirectory: folder.appendingPathComponent("data"), binarySearchDirectories: [empty], logger: quietLogger("embedded"))
            do {
                _ = try await postgres.start()
                Issue.record("started without binaries")
            } catch {
                #expect(
                    "\(error)"
                        == "PostgreSQL server binaries not found (initdb, pg_ctl); install them with: sudo apt-get install -y postgresql")
            }
            await #expect(throws: EmbeddedPostgresError.self) {
                _ = try await PostgresBinaries.locate(candidates: [empty])
            }
        }
    }

    @Test("the machine search finds initdb and pg_ctl")
    func locatesBinaries() async throws {
        let binaries = try await PostgresBinaries.locate()
        #expect(FileManager.default.isExecutableFile(atPath: binaries.initdb.path))
        #expect(FileManager.default.isExecutableFile(atPath: binaries.pgCtl.path))
        #expect(binaries.createdb != nil)
    }

    @Test("the shared test cluster hands out fresh, migrated databases")
    func testDatabases() async throws {
        let first = try await TestDatabase.makeDatabase()
        let second = try await TestDatabase.makeDatabase()
        let empty = try await TestDatabase.makeDatabase(migrated: false)
        try await withPool(first) { pool in
            try await pool.execute("INSERT INTO roles (id, name) VALUES (4, 'only-in-first')")
        }
        try await withPool(second) { pool in
            let rows = try await pool.query("SELECT count(*) AS n FROM roles")
            #expect(try rows.first?.decode("n", as: Int.self) == 3)
        }
        try await withPool(empty) { pool in
            let rows = try await pool.query("SELECT to_regclass('schema_migrations') IS NULL AS fresh")
            #expect(try rows.first?.decode("fresh", as: Bool.self) == true)
        }
        try await TestDatabase.dropDatabase(first)
    }
}

import ExamPrepPostgres
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Logging
import Testing

/// Runs the built `examprep-server import-v1` as an operator would, against a first-version
/// database and a target database that has never been migrated.
@Suite("The examprep-server import-v1 command", .hangGuard)
struct ImportCommandTests {
    /// The OpenBSD bcrypt test vector for "U*U", as bcryptjs spells it.
    static let bcryptjsHash = "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"

    /// Runs `examprep-server` with `arguments` and `environment` (and nothing else).
    static func server(_ arguments: [String], environment: [String: String]) async throws -> CLITests.Run {
        try await CLITests.run(
            try ServerProcessTests.serverBinary(), arguments,
            environment: environment.merging(["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]) { $1 }, input: nil)
    }

    static func count(_ table: String, in configuration: PostgresConfiguration) async throws -> Int {
        var logger = Logger(label: "examprep.test.import-command")
        logger.logLevel = .warning
        return try await PostgresPool(configuration: configuration, maxConnections: 1, logger: logger).whileRunning { pool in
            try await pool.query(PostgresQuery(unsafeSQL: "SELECT count(*) AS n FROM \(table)")).single().decode("n")
        }
    }

    @Test func aDryRunPrintsTheReportExitsZeroAndImportsNothing() async throws {
        let source = try await FirstVersionDatabase.make { _ in Self.bcryptjsHash }
        let target = try await TestDatabase.makeDatabase(migrated: false)
        let environment = ["DATABASE_URL": FirstVersionDatabase.url(of: target), "LOG_LEVEL": "warning"]

        let dry = try await Self.server(["import-v1", "--from", source.url, "--dry-run"], environment: environment)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("DRY RUN, nothing was written"))
        #expect(dry.stdout.contains("users        12 in the first version: 8 to import, 0 already present, 4 not imported"))
        #expect(dry.stdout.contains("enrollments  13 in the first version: 6 to import, 0 already present, 7 not imported"))
        for expected in [
            "[not imported] user 3 <Ada@Example.ORG>: email \"Ada@Example.ORG\" is the same address as user 1",
            "[not imported] user 4 <carol>: email \"carol\" is not an address registration accepts",
            "[changed] user 5 <dan@example.org>: has no role; imported as student",
            "[changed] course 2 \"Analysis\": its code \"ab1\" is not four letters; it gets the new code",
            "[changed] course 3 \"algebra\": its owner user 1 <ada@example.org> already has course 1 \"Algebra\"",
            "[not imported] enrollment 8: its course 999 does not exist in the first version; not imported.",
            "New course codes to give to students:",
        ] {
            #expect(dry.stdout.contains(expected), "missing: \(expected)\n\(dry.stdout)")
        }
        // The schema is brought up to date (as a server start would), but nothing is imported.
        #expect(try await Self.count("schema_migrations", in: target) > 0)
        #expect(try await Self.count("users", in: target) == 0)
        #expect(try await Self.count("courses", in: target) == 0)

        // For real, the URL from a file, the report as JSON.
        let file = FileManager.default.temporaryDirectory.appending(path: "examprep-import-url-\(UUID().uuidString)")
        try Data(source.url.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let real = try await Self.server(["import-v1", "--from-file", file.path, "--json"], environment: environment)
        #expect(real.status == 0, "\(real.stderr)")
        let report = try JSONDecoder().decode(ImportReport.self, from: Data(real.stdout.utf8))
        #expect(!report.dryRun && report.users.imported == 8 && report.enrollments.imported == 6)
        #expect(try await Self.count("users", in: target) == 8)
    }

    @Test func intoTheEmbeddedDatabaseItStartsAndStopsItsOwnPostgres() async throws {
        let source = try await FirstVersionDatabase.make { _ in Self.bcryptjsHash }
        // Outside the temporary folder of this user: PostgreSQL may run as another one.
        let folder = URL(fileURLWithPath: "/tmp/examprep-import-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["EXAMPREP_DATA_DIR": folder.appending(path: "data").path, "LOG_LEVEL": "warning"]

        let first = try await Self.server(["import-v1", "--from", source.url], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("users        12 in the first version: 8 imported, 0 already present, 4 not imported"))
        let cluster = folder.appending(path: "data/postgres/pgdata")
        #expect(FileManager.default.fileExists(atPath: cluster.appending(path: "PG_VERSION").path))
        #expect(!FileManager.default.fileExists(atPath: cluster.appending(path: "postmaster.pid").path), "PostgreSQL is still running")

        let second = try await Self.server(["import-v1", "--from", source.url, "--dry-run"], environment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("users        12 in the first version: 0 to import, 8 already present, 4 not imported"))
        #expect(second.stdout.contains("courses      8 in the first version: 0 to import, 6 already present, 2 not imported"))
    }

    @Test func aSourceThatIsNotTheFirstVersionFailsWithOneLine() async throws {
        let target = try await TestDatabase.makeDatabase(migrated: false)
        let environment = ["DATABASE_URL": FirstVersionDatabase.url(of: target), "LOG_LEVEL": "warning"]
        let run = try await Self.server(["import-v1", "--from", FirstVersionDatabase.url(of: target)], environment: environment)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("nothing was imported"))
        #expect(run.stderr.contains("missing table \"Roles\""))

        let noSource = try await Self.server(["import-v1", "--dry-run"], environment: environment)
        #expect(noSource.status != 0)
        #expect(noSource.stderr.contains("--from"))
    }
}

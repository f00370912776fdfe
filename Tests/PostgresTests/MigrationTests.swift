import ExamPrepMigrations
import ExamPrepPostgres
import ExamPrepTestSupport
import Foundation
import Logging
import Testing

@Suite("Migrations", .hangGuard)
struct MigrationTests {
    let logger = quietLogger("migration-tests")

    @Test("the sql/ files are embedded in the binary, in name order")
    func bundledMigrationsAreEmbedded() throws {
        let bundled = Migration.bundled
        let names = bundled.map(\.name)
        #expect(!bundled.isEmpty)
        #expect(names.contains("001_roles_and_users.sql"))
        #expect(names == names.sorted())
        for migration in bundled {
            #expect(migration.checksum.count == 64)
            #expect(migration.checksum.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        }
        // The embedded text is what sql/ holds now (the build plugin is not stale).
        let sqlFolder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("sql", isDirectory: true)
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: sqlFolder.path).filter { $0.hasSuffix(".sql") }.sorted()
        #expect(names == onDisk)
        for migration in bundled {
            let text = try String(contentsOf: sqlFolder.appendingPathComponent(migration.name), encoding: .utf8)
            #expect(migration.sql == text, "embedded \(migration.name) differs from sql/")
        }
    }

    @Test("the checksum is SHA-256 of the SQL, blind to CRLF line ends")
    func checksum() {
        let migration = Migration(name: "x.sql", sql: "abc")
        #expect(migration.checksum == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Migration(name: "y.sql", sql: "a;\r\nb;\r\n").checksum == Migration(name: "y.sql", sql: "a;\nb;\n").checksum)
    }

    @Test("applies every file once; a second run applies nothing")
    func idempotent() async throws {
        let database = try await TestDatabase.makeDatabase(migrated: false)
        try await withPool(database) { pool in
            let first = try await Migrator(pool: pool, logger: logger).migrate()
            #expect(first == Migration.bundled.map(\.name))
            let second = try await Migrator(pool: pool, logger: logger).migrate()
            #expect(second.isEmpty)
            let rows = try await pool.query("SELECT name, checksum FROM schema_migrations ORDER BY name")
            #expect(try rows.map { try $0.decode("name", as: String.self) } == Migration.bundled.map(\.name))
            #expect(try rows.map { try $0.decode("checksum", as: String.self) } == Migration.bundled.map(\.checksum))
        }
    }

    @Test("works with a pool of one connection")
    func singleConnectionPool() async throws {
        let database = try await TestDatabase.makeDatabase(migrated: false)
        try await withPool(database, maxConnections: 1) { pool in
            let applied = try await Migrator(pool: pool, logger: logger).migrate()
            #expect(applied.count == Migration.bundled.count)
        }
    }

    @Test("migrators racing on one fresh database apply each file exactly once", arguments: [2, 4])
    func racingMigrators(count: Int) async throws {
        let database = try await TestDatabase.makeDatabase(migrated: false)
        let logger = self.logger
        // Separate pools, as separate replicas would have.
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<count {
                group.addTask {
                    try await withPool(database, maxConnections: 1) { pool in
                        try await Migrator(pool: pool, logger: logger).migrate()
                    }
                }
            }
            return try await group.reduce(into: [[String]]()) { $0.append($1) }
        }
        // Every file exactly once (the migrators take turns file by file), each run in name order.
        let allApplied = results.flatMap { $0 }
        #expect(allApplied.sorted() == Migration.bundled.map(\.name))
        #expect(results.allSatisfy { $0 == $0.sorted() })
        try await withPool(database) { pool in
            let rows = try await pool.query("SELECT count(*) AS n FROM schema_migrations")
            #expect(try rows.first?.decode("n", as: Int.self) == Migration.bundled.count)
        }
    }

    @Test("a file changed after it was applied stops the run and is named")
    func changedAfterApplied() async throws {
        let database = try await TestDatabase.makeDatabase(migrated: true)
        try await withPool(database) { pool in
            let target = try #require(Migration.bundled.dropFirst().first)
            let altered = Migration.bundled.map { migration in
                migration.name == target.name ? Migration(name: migration.name, sql: migration.sql + "\n-- edited\n") : migration
            }
            do {
                try await Migrator(pool: pool, migrations: altered, logger: logger).migrate()
                Issue.record("an edited applied migration was accepted")
            } catch let error as MigrationError {
                guard case .changedAfterApplied(let name, let applied, let current) = error else {
                    Issue.record("unexpected error \(error)")
                    return
                }
                #expect(name == target.name)
                #expect(applied == target.checksum)
                #expect(current != target.checksum)
                #expect(error.description.hasPrefix("migration \(target.name) was changed after it was applied (checksum "))
            }
        }
    }

    @Test("an applied migration unknown to this build is tolerated (a newer replica ran it)")
    func unknownAppliedMigration() async throws {
        let database = try await TestDatabase.makeDatabase(migrated: true)
        try await withPool(database) { pool in
            let newer = Migration.bundled + [Migration(name: "999_from_the_future.sql", sql: "CREATE TABLE future_marker (id int);")]
            let appliedByNewer = try await Migrator(pool: pool, migrations: newer, logger: logger).migrate()
            #expect(appliedByNewer == ["999_from_the_future.sql"])
            let appliedByOlder = try await Migrator(pool: pool, logger: logger).migrate()
            #expect(appliedByOlder.isEmpty)
        }
    }

    @Test("a failing file leaves neither its changes nor its record, and later files wait")
    func failingMigrationIsAtomic() async throws {
        let database = try await TestDatabase.makeDatabase(migrated: true)
        try await withPool(database) { pool in
            let broken = Migration(name: "900_broken.sql", sql: "CREATE TABLE half_done (id int);\nSELECT no_such_function();\n")
            let later = Migration(name: "901_later.sql", sql: "CREATE TABLE later_marker (id int);")
            var silent = logger
            silent.logLevel = .critical  // the failure is expected; keep its error line out of the test output
            await #expect(throws: PostgresError.self) {
                try await Migrator(pool: pool, migrations: Migration.bundled + [broken, later], logger: silent).migrate()
            }
            let rows = try await pool.query(
                """
                SELECT to_regclass('half_done') IS NULL AS no_half, to_regclass('later_marker') IS NULL AS no_later,
                       (SELECT count(*) FROM schema_migrations WHERE name LIKE '9%') AS recorded
                """)
            let row = try #require(rows.first)
            #expect(try row.decode("no_half", as: Bool.self))
            #expect(try row.decode("no_later", as: Bool.self))
            #expect(try row.decode("recorded", as: Int.self) == 0)
            // The lock was released: a corrected run goes through.
            let fixed = Migration(name: "900_broken.sql", sql: "CREATE TABLE half_done (id int);")
            #expect(
                try await Migrator(pool: pool, migrations: Migration.bundled + [fixed, later], logger: logger).migrate()
                    == ["900_broken.sql", "901_later.sql"])
        }
    }
}

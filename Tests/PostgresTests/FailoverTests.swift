import ExamPrepEmbeddedPostgres
import ExamPrepPostgres
import ExamPrepTestSupport
import Foundation
import Testing

/// The pool when the database server goes away or becomes read-only (a failover): it drops
/// the connections to that server, answers "unavailable" meanwhile, and follows the primary
/// of its host list without being restarted.
@Suite("Pool during a failover", .hangGuard)
struct FailoverTests {
    static func isUnavailable(_ error: any Error, sqlState: String? = nil, kind: PostgresError.Kind? = nil) -> Bool {
        guard let error = error as? PostgresError, error.isUnavailable else { return false }
        return (sqlState == nil || error.sqlState == sqlState) && (kind == nil || error.kind == kind)
    }

    @Test(
        "a statement that finds its server read-only fails as unavailable; its connection and the idle ones opened before it are closed, and the next statement runs on a new connection"
    )
    func serverTurnedReadOnly() async throws {
        try await TestPools.withPool(maxConnections: 3) { pool in
            try await pool.execute("CREATE TABLE saves (n int)")
            // Three open connections whose sessions turn read-only, as every session of a
            // primary that was fenced after a failover does.
            let release = Gate()
            var holders: [Task<Int32, any Error>] = []
            for _ in 0..<3 {
                let held = Gate()
                holders.append(
                    Task {
                        try await pool.withConnection { connection in
                            try await connection.execute("SET default_transaction_read_only = on")
                            held.open()
                            try await release.wait()
                            return try await PoolTests.backendPID(connection)
                        }
                    })
                try await held.wait()
            }
            release.open()
            var readOnly: Set<Int32> = []
            for holder in holders { readOnly.insert(try await holder.value) }
            #expect(pool.statistics.idle == 3)

            await #expect {
                try await pool.execute("INSERT INTO saves VALUES (1)")
            } throws: { Self.isUnavailable($0, sqlState: "25006") }
            #expect(pool.statistics.open == 0, "the idle connections to the read-only server were closed too")

            try await pool.execute("INSERT INTO saves VALUES (2)")
            let (pid, count) = try await pool.withConnection { connection in
                (
                    try await PoolTests.backendPID(connection),
                    try await connection.query("SELECT count(*) FROM saves").single().decode(0, as: Int.self)
                )
            }
            #expect(!readOnly.contains(pid))
            #expect(count == 1)
        }
    }

    @Test(
        "with two hosts and target_session_attrs=read-write, a transaction in flight when the primary stops fails as unavailable, leases fail as unavailable until the standby is promoted, and then run on it with the same pool"
    )
    func followsThePrimary() async throws {
        // The standby: a database on the test cluster whose sessions are read-only until it is
        // promoted, as a hot standby's are (libpq reads that from the session's start-up).
        let standby = try await TestPools.makeDatabase()
        let name = try #require(standby.parameters.last { $0.key == "dbname" }?.value)
        let admin = try await TestPools.admin
        try await admin.execute(PostgresQuery(unsafeSQL: "ALTER DATABASE \(name) SET default_transaction_read_only = on"))
        let (_, standbyEndpoint) = try await TestDatabase.cluster()
        // The primary: a cluster of its own with a database of the same name, so that it can stop.
        let folder = TestDatabase.throwawayClusterFolder("primary")
        defer { try? FileManager.default.removeItem(at: folder) }
        let primary = EmbeddedPostgres(
            dataDirectory: folder, database: name, applicationRole: nil, settings: ["fsync": "off", "cluster_name": "primary"],
            logger: TestPools.logger)
        let endpoint = try await primary.start()
        let url =
            "postgresql://\(endpoint.user)@/\(name)?host=\(endpoint.socketDirectory),\(standbyEndpoint.socketDirectory)"
            + "&port=\(endpoint.port),\(standbyEndpoint.port)&target_session_attrs=read-write"
        let pool = PostgresPool(configuration: try PostgresConfiguration(url: url), maxConnections: 2, logger: TestPools.logger)
        do {
            try await pool.whileRunning { pool in
                try await pool.execute("CREATE TABLE saves (n int)")
                #expect(try await pool.query("SHOW cluster_name").single().decode(0, as: String.self) == "primary")

                let inside = Gate()
                let inFlight = Task {
                    try await pool.withTransaction { connection in
                        try await connection.execute("INSERT INTO saves VALUES (1)")
                        inside.open()
                        try await connection.execute("SELECT pg_sleep(60)")
                    }
                }
                try await inside.wait()
                try await primary.stop()  // fast shutdown: its sessions end with 57P01 admin_shutdown
                await #expect { try await inFlight.value } throws: { Self.isUnavailable($0) }

                // No primary among the hosts: the first is gone, the second read-only.
                for _ in 0..<2 {
                    await #expect {
                        try await pool.execute("SELECT 1")
                    } throws: { Self.isUnavailable($0, kind: .connectionFailed) }
                }
                #expect(pool.statistics.open == 0, "no connection to a server that went away is kept")

                try await admin.execute(PostgresQuery(unsafeSQL: "ALTER DATABASE \(name) RESET default_transaction_read_only"))
                // The same pool writes to the promoted standby (which, unlike a real one, holds
                // none of the primary's tables: this test replicates nothing).
                try await pool.execute("CREATE TABLE saves (n int)")
                try await pool.execute("INSERT INTO saves VALUES (2)")
                #expect(try await pool.query("SHOW cluster_name").single().decode(0, as: String.self) != "primary")
            }
        } catch {
            try? await primary.stop()
            try? await TestDatabase.dropDatabase(standby)
            throw error
        }
        try? await TestDatabase.dropDatabase(standby)
    }
}

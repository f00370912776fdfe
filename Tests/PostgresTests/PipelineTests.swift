import ExamPrepPostgres
import ExamPrepTestSupport
import Testing

/// Several statements in one round trip (libpq's pipeline mode), as a save sends them: BEGIN,
/// the locks and the reads together, then the writes and COMMIT together.
@Suite("Pipelines", .hangGuard)
struct PipelineTests {
    static func names(_ pool: PostgresPool) async throws -> [String] {
        try await pool.query("SELECT name FROM items ORDER BY name").map { try $0.decode(0, as: String.self) }
    }

    @Test("each statement's rows come back in order, prepared or not, and a later statement sees an earlier one's writes")
    func rowsInOrder() async throws {
        try await TestPools.withPool { pool in
            try await pool.execute("CREATE TABLE items (name text)")
            try await pool.withConnection { connection in
                // Twice: the first time prepares the statements in the same trip, the second runs them by name.
                for round in 1...2 {
                    let rows = try await connection.pipeline(
                        [
                            .begin, "INSERT INTO items VALUES (\("a\(round)")) RETURNING name", "SELECT count(*) FROM items",
                            "SELECT \(round)::bigint + 1 AS next", .commit,
                        ], logger: TestPools.logger)
                    #expect(rows.count == 5)
                    #expect(try rows[1].single().decode(0, as: String.self) == "a\(round)")
                    #expect(try rows[2].single().decode(0, as: Int.self) == round)
                    #expect(try rows[3].single().decode("next", as: Int.self) == round + 1)
                }
                #expect(!connection.isInTransaction)
            }
            #expect(try await Self.names(pool) == ["a1", "a2"])
        }
    }

    @Test("the first failure is thrown, nothing after it runs, the transaction is failed and the connection serves on")
    func firstFailureStops() async throws {
        try await TestPools.withPool(maxConnections: 1) { pool in
            try await pool.execute("CREATE TABLE items (name text UNIQUE)")
            try await pool.execute("INSERT INTO items VALUES ('taken')")
            try await pool.withConnection { (connection: PostgresConnection) async throws in
                let error = await #expect(throws: PostgresError.self) {
                    try await connection.pipeline(
                        [
                            .begin, "INSERT INTO items VALUES ('first')", "INSERT INTO items VALUES ('taken')",
                            "INSERT INTO items VALUES ('after')",
                        ],
                        logger: TestPools.logger)
                }
                #expect(error?.isUniqueViolation == true, "\(String(describing: error))")
                #expect(connection.isInFailedTransaction)
                await connection.rollback(logger: TestPools.logger)
                #expect(!connection.isInTransaction)
                // Outside a transaction, a failure ends only its own statement; the ones before it stay.
                await #expect(throws: PostgresError.self) {
                    try await connection.pipeline(["SELECT 1/0", "INSERT INTO items VALUES ('skipped')"], logger: TestPools.logger)
                }
                #expect(try await connection.query("SELECT 2 AS two").single().decode("two", as: Int.self) == 2)
            }
            #expect(try await Self.names(pool) == ["taken"])
        }
    }

}

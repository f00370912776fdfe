import ExamPrepPostgres
import ExamPrepTestSupport
import Testing

@Suite("Transactions", .hangGuard)
struct TransactionTests {
    struct Boom: Error {}

    static func count(_ pool: PostgresPool) async throws -> Int {
        try await pool.query("SELECT count(*) FROM items").single().decode(0, as: Int.self)
    }

    @Test("a successful transaction commits")
    func commits() async throws {
        try await TestPools.withPool { pool in
            try await pool.execute("CREATE TABLE items (name text)")
            let inserted = try await pool.withTransaction { connection in
                try await connection.execute("INSERT INTO items VALUES (\("a")), (\("b"))")
            }
            #expect(inserted == 2)
            #expect(try await Self.count(pool) == 2)
        }
    }

    @Test("a transaction whose body throws leaves no rows")
    func throwingRollsBack() async throws {
        try await TestPools.withPool { pool in
            try await pool.execute("CREATE TABLE items (name text)")
            await #expect(throws: Boom.self) {
                try await pool.withTransaction { connection in
                    try await connection.execute("INSERT INTO items VALUES (\("a"))")
                    throw Boom()
                }
            }
            #expect(try await Self.count(pool) == 0)
        }
    }

    @Test("a cancelled transaction leaves no rows, even when its body finishes")
    func cancelledRollsBack() async throws {
        try await TestPools.withPool { pool in
            try await pool.execute("CREATE TABLE items (name text)")
            let insertedFirst = Gate()
            let task = Task {
                try await pool.withTransaction { connection in
                    try await connection.execute("INSERT INTO items VALUES (\("first"))")
                    insertedFirst.open()
                    // Sleep until cancelled; the body then carries on as if nothing happened.
                    try? await Task.sleep(for: .seconds(60))
                    try await connection.execute("INSERT INTO items VALUES (\("second"))")
                }
            }
            try await insertedFirst.wait()
            task.cancel()
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(try await Self.count(pool) == 0)
        }
    }

    @Test("a failed statement whose error the body swallowed does not commit silently")
    func swallowedFailureRollsBack() async throws {
        try await TestPools.withPool { pool in
            try await pool.execute("CREATE TABLE items (name text UNIQUE)")
            await #expect {
                try await pool.withTransaction { connection in
                    try await connection.execute("INSERT INTO items VALUES (\("a"))")
                    _ = try? await connection.execute("INSERT INTO items VALUES (\("a"))")
                }
            } throws: { error in
                (error as? PostgresError)?.sqlState == "25P02"
            }
            #expect(try await Self.count(pool) == 0)
        }
    }

    @Test("a connection left inside a transaction is not lent again")
    func leftOpenTransactionIsDiscarded() async throws {
        try await TestPools.withPool(maxConnections: 1) { pool in
            try await pool.execute("CREATE TABLE items (name text)")
            try await pool.withConnection { connection in
                try await connection.execute("BEGIN")
                try await connection.execute("INSERT INTO items VALUES (\("dangling"))")
            }
            try await pool.execute("INSERT INTO items VALUES (\("next"))")
            let names = try await pool.query("SELECT name FROM items").map { try $0.decode(0, as: String.self) }
            #expect(names == ["next"])
        }
    }
}

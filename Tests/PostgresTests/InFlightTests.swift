import ExamPrepPostgres
import ExamPrepTestSupport
import Testing

/// A statement is sent without blocking and its answer read as it arrives: these are the
/// cases where that takes more than one trip through the socket watcher.
@Suite("Statements in flight", .hangGuard)
struct InFlightTests {
    @Test("a parameter larger than the socket's buffers is sent whole")
    func largeParameter() async throws {
        let text = String(repeating: "abcdefgh", count: 1 << 20)  // 8 MiB
        try await TestPools.withPool(maxConnections: 1) { pool in
            let rows = try await pool.query(
                "SELECT length(\(text)) AS length, md5(\(text)) = md5(repeat('abcdefgh', \(1 << 20)::int)) AS same")
            #expect(try Array(rows)[0].decode("length", as: Int.self) == text.utf8.count)
            #expect(try Array(rows)[0].decode("same", as: Bool.self))
        }
    }

    @Test("a result larger than the socket's buffers arrives whole")
    func largeResult() async throws {
        try await TestPools.withPool(maxConnections: 1) { pool in
            let rows = try await pool.query(
                "SELECT n, repeat(chr(65 + n % 26), 1000) AS line FROM generate_series(1, \(5000)::int) AS n ORDER BY n")
            #expect(rows.count == 5000)
            #expect(try Array(rows)[4999].decode("n", as: Int.self) == 5000)
            #expect(try Array(rows)[4999].decode("line", as: String.self) == String(repeating: "I", count: 1000))
        }
    }

    @Test("a second statement on a connection that is still running one is refused; the first completes")
    func oneStatementAtATime() async throws {
        try await TestPools.withPool(maxConnections: 2) { pool in
            let release = Gate()
            let locked = Gate()
            // Another connection holds a lock, so that the first statement waits on the server.
            let holder = Task {
                try await pool.withConnection { other in
                    try await other.execute("SELECT pg_advisory_lock(\(4242))")
                    locked.open()
                    try await release.wait()
                    try await other.execute("SELECT pg_advisory_unlock(\(4242))")
                }
            }
            try await locked.wait()
            try await pool.withConnection { connection in
                let pid = try await PoolTests.backendPID(connection)
                let first = Task { try await connection.query("SELECT pg_advisory_lock(\(4242)) IS NULL AS locked, 1 AS answer") }
                try await eventually("the first statement to wait for the lock") {
                    let rows = try await TestPools.admin.query(
                        "SELECT count(*) AS waiting FROM pg_stat_activity WHERE pid = \(Int(pid)) AND wait_event_type = 'Lock'")
                    return try Array(rows)[0].decode("waiting", as: Int.self) == 1
                }
                await #expect {
                    try await connection.query("SELECT 2")
                } throws: { error in
                    (error as? PostgresError)?.message.contains("two statements at once") == true
                }
                release.open()
                #expect(try await first.value.single().decode("answer", as: Int.self) == 1)
                try await connection.execute("SELECT pg_advisory_unlock(\(4242))")
                #expect(try await connection.query("SELECT 3 AS three").single().decode("three", as: Int.self) == 3)
            }
            try await holder.value
        }
    }
}

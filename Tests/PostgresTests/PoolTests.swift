import ExamPrepEmbeddedPostgres
import ExamPrepPostgres
import ExamPrepTestSupport
import Foundation
import Testing

@Suite("Connection pool", .hangGuard)
struct PoolTests {
    static func backendPID(_ connection: PostgresConnection) async throws -> Int32 {
        try await connection.query("SELECT pg_backend_pid()").single().decode(0, as: Int32.self)
    }

    /// Holds `count` leases until `release` opens; returns when all are held.
    static func hold(_ count: Int, of pool: PostgresPool, until release: Gate) async throws -> [Task<Int32, any Error>] {
        var tasks: [Task<Int32, any Error>] = []
        for _ in 0..<count {
            let held = Gate()
            tasks.append(
                Task {
                    try await pool.withConnection { connection in
                        let pid = try await backendPID(connection)
                        held.open()
                        try await release.wait()
                        return pid
                    }
                })
            try await held.wait()
        }
        return tasks
    }

    @Test("with N connections in use, lease N+1 waits and gets the connection that comes back")
    func extraLeaseWaits() async throws {
        try await TestPools.withPool(maxConnections: 2) { pool in
            let release = Gate()
            let holders = try await Self.hold(2, of: pool, until: release)
            #expect(pool.statistics.open == 2)
            #expect(pool.statistics.inUse == 2)

            let extra = Task { try await pool.withConnection { try await Self.backendPID($0) } }
            try await eventually("1 waiting lease(s)") { pool.statistics.waiting == 1 }
            #expect(pool.statistics.open == 2)  // never more than maxConnections

            release.open()
            var heldPIDs: Set<Int32> = []
            for holder in holders { heldPIDs.insert(try await holder.value) }
            let extraPID = try await extra.value
            #expect(heldPIDs.contains(extraPID))
            let statistics = pool.statistics
            #expect(statistics.waiting == 0)
            #expect(statistics.totalWaits == 1)
            #expect(statistics.open == 2)
            #expect(statistics.inUse == 0)
            #expect(statistics.idle == 2)
        }
    }

    @Test("a lease that waits longer than acquireTimeout fails with poolTimeout")
    func acquireTimeout() async throws {
        try await TestPools.withPool(maxConnections: 1, acquireTimeout: .milliseconds(200)) { pool in
            let release = Gate()
            let holder = try await Self.hold(1, of: pool, until: release)
            await #expect {
                try await pool.query("SELECT 1")
            } throws: { error in
                guard let error = error as? PostgresError else { return false }
                return error.kind == .poolTimeout && error.isUnavailable
                    && error.message == "no database connection free within 0.2 s (pool of 1)"
            }
            #expect(pool.statistics.waiting == 0)
            release.open()
            _ = try await holder[0].value
            // The pool still works afterwards.
            #expect(try await pool.query("SELECT 1").single().decode(0, as: Int.self) == 1)
        }
    }

    @Test("a cancelled waiter leaves the queue")
    func cancelledWaiterLeaves() async throws {
        try await TestPools.withPool(maxConnections: 1) { pool in
            let release = Gate()
            let holder = try await Self.hold(1, of: pool, until: release)
            let waiter = Task { try await pool.query("SELECT 1") }
            try await eventually("1 waiting lease(s)") { pool.statistics.waiting == 1 }
            waiter.cancel()
            let result = await waiter.result
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(pool.statistics.waiting == 0)
            release.open()
            _ = try await holder[0].value
            #expect(pool.statistics.idle == 1)
        }
    }

    @Test("many concurrent queries share a few connections")
    func concurrentQueries() async throws {
        try await TestPools.withPool(maxConnections: 3) { pool in
            let sum = try await withThrowingTaskGroup(of: Int.self) { group in
                for value in 1...40 {
                    group.addTask {
                        try await pool.query("SELECT \(value) + 0 AS v, pg_sleep(0.01)").single().decode("v", as: Int.self)
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(sum == (1...40).reduce(0, +))
            #expect(pool.statistics.open <= 3)
        }
    }

    @Test("shutdown fails waiters and later leases with poolClosed, and waits for lent connections")
    func shutdown() async throws {
        let configuration = try await TestPools.makeDatabase()
        // The waiter must still be waiting when the pool shuts down: on a loaded machine the
        // default 5 s wait for a connection ran out first (a poolTimeout, not what is tested).
        let pool = PostgresPool(configuration: configuration, maxConnections: 1, acquireTimeout: .seconds(120), logger: TestPools.logger)
        let service = Task { try await pool.run() }
        let release = Gate()
        let holder = try await Self.hold(1, of: pool, until: release)
        let waiter = Task { try await pool.query("SELECT 1") }
        try await eventually("1 waiting lease(s)") { pool.statistics.waiting == 1 }
        service.cancel()
        let result = await waiter.result
        #expect { try result.get() } throws: { ($0 as? PostgresError)?.kind == .poolClosed }
        #expect(pool.statistics.open == 1, "the lent connection is still open")
        release.open()
        _ = try await holder[0].value
        try await service.value
        #expect(pool.statistics.open == 0)
        await #expect { try await pool.query("SELECT 1") } throws: { error in
            let error = error as? PostgresError
            return error?.kind == .poolClosed && error?.isUnavailable == true
        }
    }

    @Test("a lease made before the pool runs waits for run() and is then served")
    func leaseBeforeRun() async throws {
        let configuration = try await TestPools.makeDatabase()
        let pool = PostgresPool(configuration: configuration, maxConnections: 1, logger: TestPools.logger)
        let early = Task { try await pool.query("SELECT 7 AS seven").single().decode("seven", as: Int.self) }
        try await eventually("1 waiting lease(s)") { pool.statistics.waiting == 1 }
        let seven = try await pool.whileRunning { _ in try await early.value }
        #expect(seven == 7)
    }

    @Test("when maxWaiting leases already wait, the next one of their priority fails at once as unavailable, told when to come back")
    func waitingLineIsCapped() async throws {
        let configuration = try await TestPools.makeDatabase()
        let pool = PostgresPool(configuration: configuration, maxConnections: 1, maxWaiting: 2, logger: TestPools.logger)
        try await pool.whileRunning { pool in
            let release = Gate()
            let holder = try await Self.hold(1, of: pool, until: release)
            let waiters = (0..<2).map { _ in Task { try await pool.query("SELECT 1") } }
            try await eventually("2 waiting lease(s)") { pool.statistics.waiting == 2 }
            await #expect {
                try await pool.query("SELECT 1")
            } throws: { error in
                // Told when to come back: after the two waiting, at the pace assumed before any
                // was measured (`LinePaceTests`).
                let error = error as? PostgresError
                return error?.kind == .poolTimeout && error?.isUnavailable == true && error?.retryAfter == 1
            }
            // The urgent line has room of its own: an answer is not turned away by the crowd.
            let urgent = Task { try await pool.withConnection(priority: .urgent) { _ in 1 } }
            try await eventually("an urgent lease waiting beside the full line") { pool.statistics.waiting == 3 }
            release.open()
            _ = try await holder[0].value
            for waiter in waiters { _ = try await waiter.value }
            #expect(try await urgent.value == 1)
        }
    }

    @Test("cancelling a task cancels its running statement on the server, and the connection is reused clean")
    func cancellingATaskCancelsItsStatement() async throws {
        try await TestPools.withPool(maxConnections: 1) { pool in
            let pid = try await pool.withConnection { try await Self.backendPID($0) }
            // Long enough to be seen running on a machine busy with the whole suite (30 s was
            // not, once); the cancellation ends it long before.
            let sleeper = Task { try await pool.query("SELECT pg_sleep(300)") }
            try await eventually("the sleeping statement to run on the server") {
                let rows = try await TestPools.admin.query(
                    "SELECT count(*) AS running FROM pg_stat_activity WHERE pid = \(Int(pid)) AND query LIKE 'SELECT pg_sleep%' AND state = 'active'"
                )
                return try Array(rows)[0].decode("running", as: Int.self) == 1
            }
            sleeper.cancel()
            let result = await sleeper.result
            #expect { try result.get() } throws: { ($0 as? PostgresError)?.isQueryCanceled == true }
            // The server stopped the statement (it would sleep for minutes more otherwise).
            try await eventually("the backend to stop sleeping once its task was cancelled") {
                let rows = try await TestPools.admin.query(
                    "SELECT count(*) AS running FROM pg_stat_activity WHERE pid = \(Int(pid)) AND query LIKE 'SELECT pg_sleep%' AND state = 'active'"
                )
                return try Array(rows)[0].decode("running", as: Int.self) == 0
            }
            // The same connection serves the next lease.
            #expect(try await pool.withConnection { try await Self.backendPID($0) } == pid)
            #expect(pool.statistics.open == 1)
        }
    }

    @Test("a connection the server ended while idle is replaced before it is lent")
    func terminatedIdleConnectionIsReplaced() async throws {
        try await TestPools.withPool(maxConnections: 1) { pool in
            let first = try await pool.withConnection { try await Self.backendPID($0) }
            _ = try await TestPools.admin.query("SELECT pg_terminate_backend(\(first), 5000)")
            // Wait until the backend is really gone, then use the pool as if nothing happened.
            let second = try await pool.withConnection { try await Self.backendPID($0) }
            #expect(second != first)
        }
    }

    @Test("a connection that breaks during a lease reports unavailable and is not reused")
    func brokenDuringLease() async throws {
        try await TestPools.withPool(maxConnections: 1) { pool in
            let first = try await pool.withConnection { connection in
                let pid = try await Self.backendPID(connection)
                _ = try await TestPools.admin.query("SELECT pg_terminate_backend(\(pid), 5000)")
                await #expect {
                    try await connection.query("SELECT 1")
                } throws: { error in
                    (error as? PostgresError)?.isUnavailable == true
                }
                return pid
            }
            let second = try await pool.withConnection { try await Self.backendPID($0) }
            #expect(second != first)
        }
    }

    @Test("after the database restarts, the next query succeeds without restarting the pool")
    func survivesDatabaseRestart() async throws {
        // A cluster of its own, so the restart does not disturb tests running in parallel.
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("examprep-restart-\(UUID().uuidString.prefix(8))")
        let cluster = EmbeddedPostgres(
            dataDirectory: folder, database: "restart_test",
            settings: ["fsync": "off"], logger: TestPools.logger
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        let endpoint = try await cluster.start()
        let pool = PostgresPool(
            configuration: PostgresConfiguration(
                socketDirectory: endpoint.socketDirectory, port: endpoint.port,
                user: endpoint.user, database: endpoint.database
            ),
            maxConnections: 2,
            logger: TestPools.logger
        )
        do {
            try await pool.whileRunning { pool in
                try await pool.execute("CREATE TABLE survivors (n int)")
                try await pool.execute("INSERT INTO survivors VALUES (\(Int32(1)))")
                #expect(pool.statistics.idle == 1)

                try await cluster.restart()

                let rows = try await pool.query("SELECT count(*) FROM survivors")
                #expect(try Array(rows)[0].decode(0, as: Int.self) == 1)
                #expect(pool.statistics.open == 1)
            }
        } catch {
            try? await cluster.stop()
            throw error
        }
        try await cluster.stop()
    }
}

@Suite("Prepared statements", .hangGuard)
struct PreparedStatementTests {
    @Test("a statement is prepared once per connection and then run by name")
    func preparedOnce() async throws {
        try await TestPools.withPool(maxConnections: 1) { pool in
            for value in 1...3 {
                _ = try await pool.query("SELECT \(value) + 1 AS next")
            }
            let prepared = try await pool.query(
                "SELECT count(*) AS statements FROM pg_prepared_statements WHERE statement = 'SELECT $1 + 1 AS next'")
            #expect(try prepared.single().decode("statements", as: Int.self) == 1)
        }
    }

    @Test("a table changed under a prepared statement is read afresh, not refused")
    func tableChangedUnderAStatement() async throws {
        try await TestPools.withPool(maxConnections: 1) { pool in
            try await pool.execute("CREATE TABLE moving (a int)")
            try await pool.execute("INSERT INTO moving VALUES (1)")
            #expect(try await pool.query("SELECT * FROM moving").columns == ["a"])
            try await pool.execute("ALTER TABLE moving ADD COLUMN b int DEFAULT 2")
            let rows = try await pool.query("SELECT * FROM moving")
            #expect(rows.columns == ["a", "b"])
            #expect(try Array(rows)[0].decode("b", as: Int.self) == 2)
        }
    }

    @Test("with preparing turned off (an old PgBouncer), nothing is prepared")
    func notPrepared() async throws {
        var configuration = try await TestPools.makeDatabase()
        configuration.preparesStatements = false
        try await PostgresPool(configuration: configuration, maxConnections: 1, logger: TestPools.logger).whileRunning { pool in
            _ = try await pool.query("SELECT \(1) + 1 AS next")
            let prepared = try await pool.query("SELECT count(*) AS statements FROM pg_prepared_statements")
            #expect(try prepared.single().decode("statements", as: Int.self) == 0)
        }
    }
}

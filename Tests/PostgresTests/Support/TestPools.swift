import ExamPrepPostgres
import ExamPrepTestSupport
import Logging

/// Pools for the data-layer tests: each over a fresh, empty database of its own on the
/// per-process test cluster of `ExamPrepTestSupport`.
enum TestPools {
    static let logger = quietLogger("examprep.postgres-tests", level: .error)

    /// How long a test pool's lease may wait for a connection. A test about the wait sets its
    /// own; for every other test the wait is not the subject, and in CI's full parallel run on
    /// two cores 40 short queries over three connections once waited past 10 s.
    static let patientWait: Duration = .seconds(120)

    /// A running pool on a database of its own, for statements about other connections
    /// (ending them, reading pg_stat_activity). It serves for the life of the test process.
    static var admin: PostgresPool {
        get async throws { try await adminPool.value }
    }

    private static let adminPool = Task<PostgresPool, any Error> {
        let pool = PostgresPool(configuration: try await makeDatabase(), maxConnections: 1, acquireTimeout: patientWait, logger: logger)
        Task { try await pool.run() }
        return pool
    }

    /// A new empty (not migrated) database.
    static func makeDatabase() async throws -> PostgresConfiguration {
        try await TestDatabase.makeDatabase(migrated: false)
    }

    /// A pool over a new empty database; the pool is shut down and the database dropped afterwards.
    @discardableResult
    static func withPool<R: Sendable>(
        maxConnections: Int = 4,
        acquireTimeout: Duration = patientWait,
        _ body: (PostgresPool) async throws -> R
    ) async throws -> R {
        let configuration = try await makeDatabase()
        let pool = PostgresPool(
            configuration: configuration,
            maxConnections: maxConnections,
            acquireTimeout: acquireTimeout,
            logger: logger
        )
        let result: Result<R, any Error>
        do {
            result = .success(try await pool.whileRunning(body))
        } catch {
            result = .failure(error)
        }
        try? await TestDatabase.dropDatabase(configuration)
        return try result.get()
    }
}

/// The data-layer tests log every statement to the quiet test logger.
extension PostgresConnection {
    func query(_ query: PostgresQuery) async throws -> PostgresRows {
        try await self.query(query, logger: TestPools.logger)
    }

    @discardableResult
    func execute(_ query: PostgresQuery) async throws -> Int {
        try await self.execute(query, logger: TestPools.logger)
    }

    func executeScript(_ sql: String) async throws {
        try await executeScript(sql, logger: TestPools.logger)
    }
}

import ExamPrepPostgres
import ExamPrepTestSupport
import Logging

/// Lends a pool over `configuration` to `body` and shuts it down afterwards, whatever happens.
@discardableResult
func withPool<R: Sendable>(
    _ configuration: PostgresConfiguration,
    maxConnections: Int = 2,
    _ body: (PostgresPool) async throws -> R
) async throws -> R {
    let pool = PostgresPool(
        configuration: configuration, maxConnections: maxConnections,
        acquireTimeout: TestPools.patientWait, logger: quietLogger("test-pool"))
    return try await pool.whileRunning(body)
}

/// The error `body` throws as a `PostgresError`, or nil when it throws none (or another kind).
func postgresError(_ body: () async throws -> Void) async -> PostgresError? {
    do {
        try await body()
        return nil
    } catch let error as PostgresError {
        return error
    } catch {
        return nil
    }
}

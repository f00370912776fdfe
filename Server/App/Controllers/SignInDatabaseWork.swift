import ExamPrepPostgres
import Hummingbird

/// A route handler whose leases of a database connection wait behind an exam's
/// (`LeasePriority.deferred`): signing in and registering, which have already waited their
/// turn for a hashing thread, must not hold 5,000 students' saves behind their own database
/// work when the pool is busy.
func signInDatabaseWork<Output: ResponseGenerator>(
    _ handler: @escaping @Sendable (Request, AppRequestContext) async throws -> Output
) -> @Sendable (Request, AppRequestContext) async throws -> Output {
    { request, context in
        try await PostgresPool.$leasePriority.withValue(.deferred) { try await handler(request, context) }
    }
}

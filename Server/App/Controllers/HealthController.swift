import ExamPrepPostgres
import ExamPrepShared
import Hummingbird

/// `GET /health` (the process is up) and `GET /ready` (PostgreSQL answers, and the server is
/// not draining before a shutdown).
struct HealthController {
    struct Status: ResponseEncodable, Sendable {
        var status: String
    }

    let pool: PostgresPool
    let lifecycle: ServerLifecycle

    func addRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.get(RouterPath(APIPaths.health), use: health)
        router.get(RouterPath(APIPaths.ready), use: ready)
    }

    @Sendable func health(_ request: Request, context: AppRequestContext) async throws -> Status {
        Status(status: "ok")
    }

    @Sendable func ready(_ request: Request, context: AppRequestContext) async throws -> Status {
        guard !lifecycle.isDraining else { throw HTTPFailure.unavailable("The server is shutting down.", retryAfter: 1) }
        do {
            _ = try await pool.query("SELECT 1 AS ok", logger: context.logger)
        } catch {
            throw HTTPFailure.unavailable("The database is not reachable.")
        }
        return Status(status: "ready")
    }
}

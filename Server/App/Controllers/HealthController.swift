import ExamPrepPostgres
import ExamPrepShared
import Hummingbird

/// `GET /health` (the process is up) and `GET /ready` (PostgreSQL answers, and the server is
/// not draining before a shutdown). `/ready` also says how a standby follows the primary
/// (`StandbyReport`), when one is expected or there: a missing standby does not make the
/// replica unready (the balancer could do nothing better), but an operator should see it.
struct HealthController {
    struct Status: ResponseEncodable, Sendable {
        var status: String
        /// `StandbyReport.State`: sync, async, connected or missing.
        var standby: String?
    }

    let pool: PostgresPool
    let lifecycle: ServerLifecycle
    /// Whether the server reads reports from a standby (`DATABASE_READ_URL`), so expects one.
    var readsFromStandby = false

    func addRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.get(RouterPath(APIPaths.health), use: health)
        router.get(RouterPath(APIPaths.ready), use: ready)
    }

    @Sendable func health(_ request: Request, context: AppRequestContext) async throws -> Status {
        Status(status: "ok")
    }

    @Sendable func ready(_ request: Request, context: AppRequestContext) async throws -> Status {
        guard !lifecycle.isDraining else { throw HTTPFailure.unavailable(Message("api.shutting-down"), retryAfter: 1) }
        let report: StandbyReport
        do {
            report = try await StandbyReport.read(from: pool, readsFromStandby: readsFromStandby, logger: context.logger)
        } catch {
            throw HTTPFailure.unavailable(Message("api.database-unreachable"))
        }
        return Status(status: "ready", standby: report.isWorthSaying ? report.state.rawValue : nil)
    }
}

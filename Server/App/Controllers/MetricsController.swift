import ExamPrepPostgres
import ExamPrepShared
import Hummingbird

/// `GET /metrics`: the Prometheus text exposition.
struct MetricsController {
    let metrics: AppMetrics
    let pool: PostgresPool
    let hasher: PasswordHasher
    let startBatcher: StartBatcher

    func addRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.get(RouterPath(APIPaths.metrics), use: scrape)
    }

    @Sendable func scrape(_ request: Request, context: AppRequestContext) async throws -> Response {
        metrics.sample(pool: pool.statistics, hashing: hasher.statistics, starts: startBatcher.statistics)
        return Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }
}

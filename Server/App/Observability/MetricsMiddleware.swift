import Hummingbird

/// Counts requests by route pattern (never the raw path, which would explode the label
/// set), method and status, and records their durations.
struct MetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: AppMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        metrics.recordRequest(
            route: context.endpointPath ?? "unmatched",
            method: request.method.rawValue,
            status: response.status.code,
            duration: ContinuousClock.now - start)
        return response
    }
}

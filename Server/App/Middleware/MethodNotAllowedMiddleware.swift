import ExamPrepShared
import HTTPTypes
import Hummingbird

/// Turns the router's "not found" for a known path asked with another method into 405
/// with `Allow` (RFC 9110). Unknown paths stay 404.
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError where error.status == .notFound {
            guard let allowed = routes.allowedMethods(for: request.uri.path), !allowed.contains(request.method) else {
                throw error
            }
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            throw HTTPFailure(.methodNotAllowed, .methodNotAllowed, "api.methods-only", ["methods": .text(allow)], allow: allow)
        }
    }
}

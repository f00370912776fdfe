import ExamPrepShared
import Hummingbird

/// Lets a request through only when the caller holds one of `roles` (403 otherwise).
/// Every authenticated route group names its roles explicitly: deny by default.
struct RequireRole: RouterMiddleware {
    typealias Context = AuthenticatedContext

    let roles: Set<Role>

    init(_ roles: Role...) { self.roles = Set(roles) }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard roles.contains(context.user.role) else { throw HTTPFailure.forbidden }
        return try await next(request, context)
    }
}

import ExamPrepShared
import Hummingbird

/// `GET /api/me`: who the token belongs to.
struct ProfileController {
    let users: UserRepository

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get(RouterPath(APIPaths.me), use: me)
    }

    @Sendable func me(_ request: Request, context: AuthenticatedContext) async throws -> UserProfile {
        guard let user = try await users.find(id: context.user.id, logger: context.logger) else { throw APIError.sessionEnded }
        return UserProfile(id: user.id, email: user.email, role: user.role)
    }
}

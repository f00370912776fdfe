import ExamPrepShared
import Hummingbird

/// `POST /api/token/refresh` (public: the refresh token is the credential) and
/// `POST /api/logout` (authenticated).
struct TokenController {
    let issuer: SessionIssuer
    let sessions: SessionRepository

    func addPublicRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.post(RouterPath(APIPaths.refreshToken), use: refresh)
    }

    func addAuthenticatedRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.post(RouterPath(APIPaths.logout), use: logout)
    }

    @Sendable func refresh(_ request: Request, context: AppRequestContext) async throws -> RefreshTokenResponse {
        let body = try await request.decode(as: RefreshTokenRequest.self, context: context)
        guard !body.refreshToken.isEmpty, body.refreshToken.utf8.count <= 512 else { throw HTTPFailure.invalidRefreshToken }
        switch try await issuer.rotate(refreshToken: body.refreshToken, logger: context.logger) {
        case .refreshed(let response):
            return response
        case .reused:
            throw HTTPFailure(.unauthorized, .unauthorized, "api.refresh-token-reused")
        case .invalid:
            throw HTTPFailure.invalidRefreshToken
        }
    }

    /// Ends the current session (and the one of a refresh token sent along), or with
    /// `?scope=all` every session of the user. Its refresh tokens stop working at once.
    @Sendable func logout(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let scopeText = request.uri.queryParameters.get(APIPaths.logoutScopeQueryItem) ?? LogoutScope.current.rawValue
        guard let scope = LogoutScope(rawValue: scopeText) else {
            throw HTTPFailure.validation("api.logout-scope")
        }
        let user = context.user
        switch scope {
        case .all:
            try await sessions.revokeAll(userID: user.id, logger: context.logger)
        case .current:
            try await sessions.revoke(sessionID: user.sessionID, userID: user.id, logger: context.logger)
            if let body = try await request.decodeIfPresent(as: LogoutRequest.self, context: context), let token = body.refreshToken {
                try await sessions.revoke(refreshTokenHash: RefreshTokens.hash(token), userID: user.id, logger: context.logger)
            }
        }
        return SuccessResponse(message: context.catalogue.string(Message(scope == .all ? "api.logged-out-everywhere" : "api.logged-out")))
    }
}

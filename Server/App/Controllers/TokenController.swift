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

    @Sendable func refresh(_ request: Request, context: AppRequestContext) async throws -> JSONBody<RefreshTokenResponse> {
        let body = try await request.decodeJSON(RefreshTokenRequest.self, context: context)
        guard !body.refreshToken.isEmpty, body.refreshToken.utf8.count <= 512 else { throw APIError.invalidRefreshToken }
        return JSONBody(.ok, try await issuer.rotate(refreshToken: body.refreshToken))
    }

    /// Ends the current session (and the one of a refresh token sent along), or with
    /// `?scope=all` every session of the user. Its refresh tokens stop working at once.
    @Sendable func logout(_ request: Request, context: AuthenticatedContext) async throws -> JSONBody<SuccessResponse> {
        let scopeText = request.uri.queryParameters.get(APIPaths.logoutScopeQueryItem) ?? LogoutScope.current.rawValue
        guard let scope = LogoutScope(rawValue: scopeText) else {
            throw APIError.validation("scope must be 'current' or 'all'.")
        }
        let user = context.user
        switch scope {
        case .all:
            try await sessions.revokeAll(userID: user.id)
        case .current:
            try await sessions.revoke(sessionID: user.sessionID, userID: user.id)
            if let body = try await Self.optionalBody(request, context: context), let token = body.refreshToken {
                try await sessions.revoke(refreshTokenHash: RefreshTokens.hash(token), userID: user.id)
            }
        }
        return JSONBody(.ok, SuccessResponse(message: scope == .all ? "Logged out everywhere." : "Logged out."))
    }

    private static func optionalBody(_ request: Request, context: AuthenticatedContext) async throws -> LogoutRequest? {
        var request = request
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        guard buffer.readableBytes > 0 else { return nil }
        return try await request.decodeJSON(LogoutRequest.self, context: context)
    }
}

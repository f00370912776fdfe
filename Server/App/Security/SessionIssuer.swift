import HTTPTypes
import ExamPrepShared
import Foundation

/// Opens sessions and rotates their refresh tokens, answering with the login body in both cases.
struct SessionIssuer: Sendable {
    let accessTokens: AccessTokens
    let sessions: SessionRepository
    let refreshTokenLifetime: TimeInterval

    func open(userID: Int, role: Role, userAgent: String?) async throws -> LoginResponse {
        let refresh = RefreshTokens.generate()
        let refreshExpiresAt = Date().addingTimeInterval(refreshTokenLifetime)
        let sessionID = try await sessions.open(
            userID: userID, refreshTokenHash: refresh.hash, expiresAt: refreshExpiresAt, userAgent: userAgent)
        return try await response(userID: userID, role: role, sessionID: sessionID, refreshToken: refresh.token, refreshExpiresAt: refreshExpiresAt)
    }

    /// Spends `refreshToken` for a new pair. A token used before ends its whole session.
    func rotate(refreshToken: String) async throws -> LoginResponse {
        let next = RefreshTokens.generate()
        let nextExpiresAt = Date().addingTimeInterval(refreshTokenLifetime)
        let outcome = try await sessions.rotate(
            presented: RefreshTokens.hash(refreshToken), next: next.hash, nextExpiresAt: nextExpiresAt)
        switch outcome {
        case .rotated(let userID, let role, let sessionID):
            return try await response(userID: userID, role: role, sessionID: sessionID, refreshToken: next.token, refreshExpiresAt: nextExpiresAt)
        case .reused:
            throw APIError(.unauthorized, .unauthorized, "This refresh token was already used; the session has been ended. Log in again.")
        case .invalid:
            throw APIError.invalidRefreshToken
        }
    }

    private func response(userID: Int, role: Role, sessionID: UUID, refreshToken: String, refreshExpiresAt: Date) async throws
        -> LoginResponse
    {
        let access = try await accessTokens.issue(userID: userID, role: role, sessionID: sessionID)
        return LoginResponse(
            token: access.token,
            exp: Int(access.expiresAt.timeIntervalSince1970),
            roleId: role.rawValue,
            refreshToken: refreshToken,
            refreshTokenExp: Int(refreshExpiresAt.timeIntervalSince1970),
            userId: userID
        )
    }
}

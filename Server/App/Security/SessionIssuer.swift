import ExamPrepShared
import Foundation
import Logging

/// Opens sessions and rotates their refresh tokens, answering with the login body in both cases.
struct SessionIssuer: Sendable {
    let accessTokens: AccessTokens
    let sessions: SessionRepository
    let refreshTokenLifetime: TimeInterval

    enum Refresh: Sendable {
        case refreshed(LoginResponse)
        /// The token had been used before: its whole session is now ended.
        case reused
        case invalid
    }

    func open(userID: Int, role: Role, userAgent: String?, logger: Logger) async throws -> LoginResponse {
        let refresh = RefreshTokens.generate()
        let refreshExpiresAt = accessTokens.clock.now().addingTimeInterval(refreshTokenLifetime)
        let sessionID = try await sessions.open(
            userID: userID, refreshTokenHash: refresh.hash, expiresAt: refreshExpiresAt, userAgent: userAgent, logger: logger)
        return try await response(
            userID: userID, role: role, sessionID: sessionID, refreshToken: refresh.token, refreshExpiresAt: refreshExpiresAt)
    }

    /// Spends `refreshToken` for a new pair. A token used before ends its whole session.
    func rotate(refreshToken: String, logger: Logger) async throws -> Refresh {
        let next = RefreshTokens.generate()
        let nextExpiresAt = accessTokens.clock.now().addingTimeInterval(refreshTokenLifetime)
        let outcome = try await sessions.rotate(
            presented: RefreshTokens.hash(refreshToken), next: next.hash, nextExpiresAt: nextExpiresAt, logger: logger)
        switch outcome {
        case .rotated(let userID, let role, let sessionID):
            return .refreshed(
                try await response(
                    userID: userID, role: role, sessionID: sessionID, refreshToken: next.token, refreshExpiresAt: nextExpiresAt))
        case .reused:
            return .reused
        case .invalid:
            return .invalid
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

import ExamPrepShared
import Foundation
import Logging

/// Browser sessions: opening one at sign-in and finding the one a cookie names. The cookie
/// holds an opaque token (256 random bits); `sessions` keeps only its SHA-256.
struct WebSessions: Sendable {
    let sessions: SessionRepository
    /// How long a browser session lasts unused (each use moves it on).
    let idleLifetime: TimeInterval

    /// A signed-in browser.
    struct SignedIn: Sendable {
        var token: String
        var sessionID: UUID
    }

    func open(userID: Int, userAgent: String?, logger: Logger) async throws -> SignedIn {
        let token = RefreshTokens.generate()
        let sessionID = try await sessions.openWeb(
            userID: userID, tokenHash: token.hash, expiresAt: sessions.clock.now().addingTimeInterval(idleLifetime),
            userAgent: userAgent.map { String($0.prefix(256)) }, logger: logger)
        return SignedIn(token: token.token, sessionID: sessionID)
    }

    /// A cookie token for the open session `sessionID` (an app's, after its native sign-in), so
    /// that its web views are signed in as that same session; nil when it is not open.
    func attach(sessionID: UUID, userID: Int, logger: Logger) async throws -> String? {
        let token = RefreshTokens.generate()
        guard try await sessions.attachWeb(sessionID: sessionID, userID: userID, tokenHash: token.hash, logger: logger) else { return nil }
        return token.token
    }

    /// The open session `token` belongs to. Its expiry moves on at most once a minute.
    func find(token: String, logger: Logger) async throws -> WebSessionRecord? {
        guard RefreshTokens.isWellFormed(token) else { return nil }
        let tokenHash = RefreshTokens.hash(token)
        guard let record = try await sessions.web(tokenHash: tokenHash, logger: logger) else { return nil }
        let now = sessions.clock.now()
        if now.timeIntervalSince(record.lastUsedAt) > 60 {
            try await sessions.touchWeb(
                sessionID: record.sessionID, tokenHash: tokenHash, expiresAt: now.addingTimeInterval(idleLifetime), logger: logger)
        }
        return record
    }

    func end(sessionID: UUID, userID: Int, logger: Logger) async throws {
        try await sessions.revoke(sessionID: sessionID, userID: userID, logger: logger)
    }
}

import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// A browser's session: a row of `sessions` whose cookie token's SHA-256 is `web_token_hash`.
struct WebSessionRecord: Sendable {
    var sessionID: UUID
    var userID: Int
    var role: Role
    var email: String
    var lastUsedAt: Date
    /// The person's own language setting (nil: none).
    var language: Language?
}

extension SessionRepository {
    /// Opens a browser session for `userID`: a new row, so a token known before sign-in never
    /// becomes a signed-in one (no session fixation).
    func openWeb(userID: Int, tokenHash: [UInt8], expiresAt: Date, userAgent: String?, logger: Logger) async throws -> UUID {
        let sessionID = UUID()
        try await pool.execute(
            """
            INSERT INTO sessions (id, user_id, expires_at, user_agent, web_token_hash)
            VALUES (\(sessionID), \(userID), \(expiresAt), \(userAgent), \(tokenHash))
            """, logger: logger)
        return sessionID
    }

    /// Gives the open session `sessionID` of `userID` (an app's, signed in natively) a cookie
    /// token, so its web views are signed in as the same session: one row, ended as one. A
    /// token given before stops working. False when the session is not open.
    func attachWeb(sessionID: UUID, userID: Int, tokenHash: [UInt8], logger: Logger) async throws -> Bool {
        let attached =
            try await pool.execute(
                """
                UPDATE sessions SET web_token_hash = \(tokenHash)
                WHERE id = \(sessionID) AND user_id = \(userID) AND revoked_at IS NULL AND expires_at > \(clock.now())
                """, logger: logger) == 1
        // The token it had is forgotten here at once (other replicas hear of it from PostgreSQL).
        cache?.evict(sessionID)
        return attached
    }

    /// The open session whose cookie token hashes to `tokenHash`. A session is open until it
    /// is revoked, and until its expiry or, while an attempt it started or resumed runs
    /// (`attempts.session_id`), until that attempt's deadline and grace have passed (a day after
    /// its start for one without a deadline): a session never ends in the middle of an exam, and
    /// no other session of the student's comes back meanwhile.
    /// Remembered for a while (`SessionCache`) until its idle expiry: most requests of a browser
    /// need no round trip for it.
    /// How long past its start an attempt without a deadline keeps its session open.
    static let untimedAttemptHold = 24 * 60 * 60

    func web(tokenHash: [UInt8], logger: Logger) async throws -> WebSessionRecord? {
        if let known = cache?.webSession(tokenHash) { return known }
        let check = cache?.beginCheck()
        let now = clock.now()
        let rows = try await pool.query(
            """
            SELECT s.id, s.user_id, s.last_used_at, s.expires_at, u.role_id, u.email, u.language
            FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.web_token_hash = \(tokenHash) AND s.revoked_at IS NULL AND u.disabled_at IS NULL
              AND (s.expires_at > \(now) OR EXISTS (
                    SELECT 1 FROM attempts a JOIN exams e ON e.id = a.exam_id
                    WHERE a.student_id = s.user_id AND a.session_id = s.id AND a.submitted_at IS NULL
                      AND coalesce(a.deadline + make_interval(secs => e.grace_seconds),
                                   a.started_at + make_interval(secs => \(Self.untimedAttemptHold))) > \(now)))
            """, logger: logger)
        guard let row = rows.first else { return nil }
        let roleID: Int = try row.decode("role_id")
        guard let role = Role(rawValue: roleID) else { return nil }
        let record = WebSessionRecord(
            sessionID: try row.decode("id"), userID: try row.decode("user_id"), role: role, email: try row.decode("email"),
            lastUsedAt: try row.decode("last_used_at"),
            language: (try row.decode("language", as: String?.self)).flatMap(Language.init(rawValue:)))
        if let cache, let check {
            cache.rememberWeb(record, tokenHash: tokenHash, expiresAt: try row.decode("expires_at"), check: check)
        }
        return record
    }

    /// Moves the idle expiry of the browser session behind `tokenHash` on (it is used).
    func touchWeb(sessionID: UUID, tokenHash: [UInt8], expiresAt: Date, logger: Logger) async throws {
        let now = clock.now()
        try await pool.execute(
            """
            UPDATE sessions SET last_used_at = \(now), expires_at = greatest(expires_at, \(expiresAt))
            WHERE id = \(sessionID) AND revoked_at IS NULL
            """, logger: logger)
        cache?.touchedWeb(tokenHash, at: now, expiresAt: expiresAt)
    }
}

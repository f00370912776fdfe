import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// Sessions and their rotating refresh tokens (`sessions`, `refresh_tokens`). Tokens are
/// stored only as SHA-256 hashes; each may be used once.
struct SessionRepository: Sendable {
    let pool: PostgresPool
    /// Sessions and refresh tokens expire by the server's clock.
    let clock: ServerClock
    /// Open sessions remembered to spare a round trip per request (nil: always ask).
    let cache: SessionCache?

    init(pool: PostgresPool, clock: ServerClock, cache: SessionCache? = nil) {
        self.pool = pool
        self.clock = clock
        self.cache = cache
    }

    /// What presenting a refresh token led to.
    enum Rotation: Sendable {
        case rotated(userID: Int, role: Role, sessionID: UUID)
        /// The token had been used before: the whole session is now revoked.
        case reused
        case invalid
    }

    /// Opens a session for `userID` with its first refresh token.
    func open(userID: Int, refreshTokenHash: [UInt8], expiresAt: Date, userAgent: String?, logger: Logger) async throws -> UUID {
        let sessionID = UUID()
        // One statement, so one round trip and atomic without an explicit transaction.
        try await pool.execute(
            """
            WITH session AS (
                INSERT INTO sessions (id, user_id, expires_at, user_agent)
                VALUES (\(sessionID), \(userID), \(expiresAt), \(userAgent))
                RETURNING id
            )
            INSERT INTO refresh_tokens (token_hash, session_id, expires_at)
            SELECT \(refreshTokenHash), id, \(expiresAt) FROM session
            """, logger: logger)
        return sessionID
    }

    /// Spends the refresh token with hash `presented` and stores `next` in its place, in one
    /// transaction that locks the token row, so two concurrent uses cannot both succeed.
    func rotate(presented: [UInt8], next: [UInt8], nextExpiresAt: Date, logger: Logger) async throws -> Rotation {
        // Evicted once the revocation is committed: evicting earlier would let a request in
        // between read the session as open (uncommitted) and remember it again.
        var revoked: UUID?
        let rotation = try await pool.withTransaction(logger: logger) { connection -> Rotation in
            let rows = try await connection.query(
                """
                SELECT t.session_id, t.used_at, t.expires_at AS token_expires_at,
                       s.revoked_at, s.expires_at AS session_expires_at, u.id AS user_id, u.role_id, u.disabled_at
                FROM refresh_tokens t
                JOIN sessions s ON s.id = t.session_id
                JOIN users u ON u.id = s.user_id
                WHERE t.token_hash = \(presented)
                FOR UPDATE OF t, s
                """, logger: logger)
            guard let row = rows.first else { return .invalid }
            let sessionID: UUID = try row.decode("session_id")
            if try row.decode("revoked_at", as: Date?.self) != nil { return .invalid }
            if try row.decode("used_at", as: Date?.self) != nil {
                try await connection.execute("UPDATE sessions SET revoked_at = now() WHERE id = \(sessionID)", logger: logger)
                revoked = sessionID
                return .reused
            }
            let now = clock.now()
            let tokenExpiry: Date = try row.decode("token_expires_at")
            let sessionExpiry: Date = try row.decode("session_expires_at")
            guard tokenExpiry > now, sessionExpiry > now, try row.decode("disabled_at", as: Date?.self) == nil,
                let role = Role(rawValue: try row.decode("role_id"))
            else {
                return .invalid
            }
            try await connection.execute("UPDATE refresh_tokens SET used_at = now() WHERE token_hash = \(presented)", logger: logger)
            try await connection.execute(
                """
                INSERT INTO refresh_tokens (token_hash, session_id, expires_at)
                VALUES (\(next), \(sessionID), \(nextExpiresAt))
                """, logger: logger)
            try await connection.execute(
                "UPDATE sessions SET last_used_at = now(), expires_at = \(nextExpiresAt) WHERE id = \(sessionID)", logger: logger)
            return .rotated(userID: try row.decode("user_id"), role: role, sessionID: sessionID)
        }
        if let revoked { cache?.evict(revoked) }
        return rotation
    }

    /// The session behind an access token when it is still open (not revoked, not expired, its account enabled), with its
    /// person's language setting; nil otherwise.
    func isActive(sessionID: UUID, userID: Int, logger: Logger) async throws -> OpenSessionCheck? {
        if let known = cache?.knownOpen(sessionID, userID: userID) { return known }
        let check = cache?.beginCheck()
        let rows = try await pool.query(
            """
            SELECT s.expires_at, u.language FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.id = \(sessionID) AND s.user_id = \(userID) AND s.revoked_at IS NULL AND s.expires_at > \(clock.now())
              AND u.disabled_at IS NULL
            """, logger: logger)
        guard let row = rows.first else { return nil }
        let language = (try row.decode("language", as: String?.self)).flatMap(Language.init(rawValue:))
        if let cache, let check {
            cache.remember(sessionID, userID: userID, language: language, expiresAt: try row.decode("expires_at"), check: check)
        }
        return OpenSessionCheck(language: language)
    }

    func revoke(sessionID: UUID, userID: Int, logger: Logger) async throws {
        try await pool.execute(
            "UPDATE sessions SET revoked_at = now() WHERE id = \(sessionID) AND user_id = \(userID) AND revoked_at IS NULL",
            logger: logger)
        cache?.evict(sessionID)
    }

    /// Revokes the session a refresh token belongs to, if it is `userID`'s.
    func revoke(refreshTokenHash: [UInt8], userID: Int, logger: Logger) async throws {
        try await pool.execute(
            """
            UPDATE sessions SET revoked_at = now()
            WHERE user_id = \(userID) AND revoked_at IS NULL
              AND id = (SELECT session_id FROM refresh_tokens WHERE token_hash = \(refreshTokenHash))
            """, logger: logger)
        cache?.evict(userID: userID)
    }

    /// A page of the user's open sessions in the order they were opened, keyed by `seq`.
    func openSessions(userID: Int, page: PageRequest, logger: Logger) async throws -> [(seq: Int, session: OpenSession)] {
        let rows = try await pool.query(
            """
            SELECT seq, id, created_at, last_used_at, user_agent FROM sessions
            WHERE user_id = \(userID) AND revoked_at IS NULL AND expires_at > \(clock.now()) AND seq > \(page.after ?? 0)
            ORDER BY seq
            LIMIT \(page.fetchLimit)
            """, logger: logger)
        return try rows.map { row in
            (
                try row.decode("seq"),
                OpenSession(
                    id: try row.decode("id"), createdAt: try row.decode("created_at"), lastUsedAt: try row.decode("last_used_at"),
                    userAgent: try row.decode("user_agent"))
            )
        }
    }

    /// Ends one open session of the user; false when the user has no such open session.
    func end(sessionID: UUID, userID: Int, logger: Logger) async throws -> Bool {
        let ended =
            try await pool.execute(
                """
                UPDATE sessions SET revoked_at = now()
                WHERE id = \(sessionID) AND user_id = \(userID) AND revoked_at IS NULL AND expires_at > \(clock.now())
                """, logger: logger) == 1
        cache?.evict(sessionID)
        return ended
    }

    /// Another statement ended sessions of `userID` (a password change, the account's
    /// deletion): they are forgotten here at once (other replicas hear of it from PostgreSQL).
    func forgetSessions(ofUser userID: Int) {
        cache?.evict(userID: userID)
    }

    func revokeAll(userID: Int, logger: Logger) async throws {
        try await pool.execute("UPDATE sessions SET revoked_at = now() WHERE user_id = \(userID) AND revoked_at IS NULL", logger: logger)
        cache?.evict(userID: userID)
    }
}

/// A session as its owner sees it.
struct OpenSession: Sendable {
    var id: UUID
    var createdAt: Date
    var lastUsedAt: Date
    var userAgent: String?
}

/// An open session, as a request needs it: its person's own language setting (nil: none).
struct OpenSessionCheck: Sendable, Hashable {
    var language: Language?
}

import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// One-time sign-in links (`sign_in_links`, migration 024): each belongs to the session that
/// asked for it, is kept as the SHA-256 of its token, and is spent by one atomic `UPDATE`.
struct SignInLinkRepository: Sendable {
    let pool: PostgresPool
    /// Links expire by the server's clock.
    let clock: ServerClock

    /// What presenting a link's token led to.
    enum Redemption: Sendable, Equatable {
        /// Spent now: the browser may be signed in as this person.
        case signedIn(userID: Int, role: Role)
        /// Spent before.
        case used
        /// Past its minute, unknown, or its session has ended.
        case expired
    }

    /// Stores a link of `sessionID` that works until `expiresAt`.
    func create(tokenHash: [UInt8], sessionID: UUID, expiresAt: Date, logger: Logger) async throws {
        try await pool.execute(
            """
            INSERT INTO sign_in_links (token_hash, session_id, created_at, expires_at)
            VALUES (\(tokenHash), \(sessionID), \(clock.now()), \(expiresAt))
            """, logger: logger)
    }

    /// Spends the link whose token hashes to `tokenHash`, if it is unused, within its time and
    /// its session is open. The `WHERE … used_at IS NULL` of one `UPDATE` decides: of two
    /// browsers presenting it at once, the second waits for the first's row lock and finds it used.
    func redeem(tokenHash: [UInt8], logger: Logger) async throws -> Redemption {
        let now = clock.now()
        let spent = try await pool.query(
            """
            UPDATE sign_in_links l SET used_at = \(now)
            FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE l.token_hash = \(tokenHash) AND l.used_at IS NULL AND l.expires_at > \(now)
              AND s.id = l.session_id AND s.revoked_at IS NULL AND s.expires_at > \(now)
            RETURNING u.id, u.role_id
            """, logger: logger)
        if let row = spent.first {
            guard let role = Role(rawValue: try row.decode("role_id")) else { return .expired }
            return .signedIn(userID: try row.decode("id"), role: role)
        }
        let known = try await pool.query("SELECT used_at FROM sign_in_links WHERE token_hash = \(tokenHash)", logger: logger)
        guard let row = known.first else { return .expired }
        return try row.decode("used_at", as: Date?.self) == nil ? .expired : .used
    }

    /// Deletes links that can no longer be used, a day after their end (until then a used one
    /// is still told apart from an expired one); returns how many.
    @discardableResult
    func deleteExpired(logger: Logger) async throws -> Int {
        try await pool.execute(
            "DELETE FROM sign_in_links WHERE expires_at <= \(clock.now().addingTimeInterval(-86_400))", logger: logger)
    }
}

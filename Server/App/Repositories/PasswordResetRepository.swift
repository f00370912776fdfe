import ExamPrepPostgres
import Foundation
import Logging

/// One-time password reset links (`password_reset_tokens`): made by an admin, by a teacher
/// for an enrolled student, or on request for a mailed link; used once within an hour. Only
/// the token's SHA-256 is kept.
struct PasswordResetRepository: Sendable {
    let pool: PostgresPool
    let clock: ServerClock

    /// How long a reset link works.
    static let lifetime: TimeInterval = 60 * 60

    /// A link for the account `userID` made by `creatorID`; nil when there is no such account.
    /// An admin's (`audited`) is written to the audit log.
    func issue(
        userID: Int, tokenHash: [UInt8], by creatorID: Int, audited clientAddress: String?, logger: Logger
    ) async throws -> Date? {
        let expiresAt = clock.now().addingTimeInterval(Self.lifetime)
        return try await pool.transaction(logger: logger) { transaction in
            let inserted = try await transaction.execute(
                """
                INSERT INTO password_reset_tokens (token_hash, user_id, created_by, expires_at)
                SELECT \(tokenHash), id, \(creatorID), \(expiresAt) FROM users WHERE id = \(userID)
                """)
            guard inserted == 1 else { return nil }
            if let clientAddress {
                try await AdminAuditStatements.record(
                    .madeResetLink, actorID: creatorID, targetUserID: userID, clientAddress: clientAddress, in: transaction)
            }
            return expiresAt
        }
    }

    /// A link for the enabled account of `emailKey`, if there is one: its address, to mail
    /// the link to. One statement whether or not the account exists, so both take the same time.
    func issue(emailKey: String, tokenHash: [UInt8], logger: Logger) async throws -> (email: String, expiresAt: Date)? {
        let expiresAt = clock.now().addingTimeInterval(Self.lifetime)
        let rows = try await pool.query(
            """
            WITH account AS (SELECT id, email FROM users WHERE email_key = \(emailKey) AND disabled_at IS NULL),
            issued AS (
                INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
                SELECT \(tokenHash), id, \(expiresAt) FROM account
                RETURNING user_id
            )
            SELECT a.email FROM account a JOIN issued i ON i.user_id = a.id
            """, logger: logger)
        guard let row = rows.first else { return nil }
        return (try row.decode("email"), expiresAt)
    }

    /// Whether a token names a link that still works (checked before a password is hashed).
    func isUsable(tokenHash: [UInt8], logger: Logger) async throws -> Bool {
        try await !pool.query(
            """
            SELECT 1 AS usable FROM password_reset_tokens
            WHERE token_hash = \(tokenHash) AND used_at IS NULL AND expires_at > \(clock.now())
            """, logger: logger
        ).isEmpty
    }

    /// Deletes the links that can no longer be used, a day after they expired or were used
    /// (housekeeping): a mailed link can be asked for any address, and nothing reads them after.
    func deleteSpent(logger: Logger) async throws -> Int {
        let dayAgo = clock.now().addingTimeInterval(-86_400)
        return try await pool.execute(
            "DELETE FROM password_reset_tokens WHERE expires_at <= \(dayAgo) OR used_at <= \(dayAgo)", logger: logger)
    }

    /// Sets the account's new password with a link that still works, spends the link (and
    /// every other link of the account), and ends every session of the account, in one
    /// transaction. Returns the account's id, or nil when the link was used, expired or never made.
    func complete(tokenHash: [UInt8], passwordHash: String, logger: Logger) async throws -> Int? {
        try await pool.transaction(logger: logger) { transaction in
            let rows = try await transaction.query(
                """
                SELECT user_id FROM password_reset_tokens
                WHERE token_hash = \(tokenHash) AND used_at IS NULL AND expires_at > \(clock.now())
                FOR UPDATE
                """)
            guard let row = rows.first else { return nil }
            let userID: Int = try row.decode("user_id")
            try await transaction.execute(
                "UPDATE users SET password_hash = \(passwordHash), updated_at = now() WHERE id = \(userID)")
            try await transaction.execute(
                "UPDATE password_reset_tokens SET used_at = now() WHERE user_id = \(userID) AND used_at IS NULL")
            try await transaction.execute("UPDATE sessions SET revoked_at = now() WHERE user_id = \(userID) AND revoked_at IS NULL")
            return userID
        }
    }
}

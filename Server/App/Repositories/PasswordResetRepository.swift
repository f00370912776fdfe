import ExamPrepPostgres
import ExamPrepShared
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

    /// A link for the account `userID` made by the admin `adminID`, written to the audit log;
    /// nil when there is no such account.
    func issue(userID: Int, tokenHash: [UInt8], byAdmin adminID: Int, clientAddress: String, logger: Logger) async throws -> Date? {
        let expiresAt = clock.now().addingTimeInterval(Self.lifetime)
        return try await issue(
            """
            INSERT INTO password_reset_tokens (token_hash, user_id, created_by, expires_at)
            SELECT \(tokenHash), u.id, \(adminID), \(expiresAt) FROM users u WHERE u.id = \(userID)
            RETURNING user_id
            """, creatorID: adminID, clientAddress: clientAddress, expiresAt: expiresAt, logger: logger)
    }

    /// A teacher's link for a student of one of their courses whose account the teacher's own
    /// class list made and who never chose a password (any other account is the student's own:
    /// its owner asks for a mailed link, or an admin makes one), written to the audit log; nil
    /// when the student is no such account.
    func issue(
        classListAccount studentID: Int, courseID: Int, teacherID: Int, tokenHash: [UInt8], clientAddress: String, logger: Logger
    ) async throws -> Date? {
        let expiresAt = clock.now().addingTimeInterval(Self.lifetime)
        return try await issue(
            """
            INSERT INTO password_reset_tokens (token_hash, user_id, created_by, expires_at)
            SELECT \(tokenHash), u.id, \(teacherID), \(expiresAt) FROM users u
            JOIN enrollments e ON e.user_id = u.id AND e.course_id = \(courseID)
            JOIN courses c ON c.id = e.course_id AND c.user_id = \(teacherID)
            WHERE u.id = \(studentID) AND u.created_by = \(teacherID) AND u.password_hash = '!' AND u.disabled_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM school_identities i WHERE i.user_id = u.id)
            RETURNING user_id
            """, creatorID: teacherID, clientAddress: clientAddress, expiresAt: expiresAt, logger: logger)
    }

    /// Runs `insert` (which stores at most one link, returning its `user_id`) and writes the
    /// link to the audit log, in one transaction.
    private func issue(_ insert: PostgresQuery, creatorID: Int, clientAddress: String, expiresAt: Date, logger: Logger)
        async throws -> Date?
    {
        try await pool.transaction(logger: logger) { transaction in
            guard let row = try await transaction.query(insert).first else { return nil }
            try await AdminAuditStatements.record(
                .madeResetLink, actorID: creatorID, targetUserID: try row.decode("user_id"), clientAddress: clientAddress,
                in: transaction)
            return expiresAt
        }
    }

    enum MailedLink: Sendable {
        /// `language`: the account's own setting (nil: none).
        case issued(email: String, language: Language?, expiresAt: Date)
        /// No enabled account has the address.
        case noAccount
        case limited(RateLimiter.Refusal)
    }

    /// A link for the enabled account of `emailKey`, if there is one, after `admit` counted the
    /// request in the same transaction, written to the audit log as mailed to the account
    /// (`mailed_reset_link`, from `clientAddress`). An address with an account and one without
    /// take the same work: the counting's write and one statement, committed once.
    func issue(
        emailKey: String, tokenHash: [UInt8], clientAddress: String, admit: (Transaction) async throws -> RateLimiter.Refusal?,
        logger: Logger
    ) async throws -> MailedLink {
        let expiresAt = clock.now().addingTimeInterval(Self.lifetime)
        return try await pool.transaction(logger: logger) { transaction in
            if let refusal = try await admit(transaction) { return .limited(refusal) }
            let rows = try await transaction.query(
                """
                WITH account AS (SELECT id, email, language FROM users WHERE email_key = \(emailKey) AND disabled_at IS NULL),
                issued AS (
                    INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
                    SELECT \(tokenHash), id, \(expiresAt) FROM account
                    RETURNING user_id
                ),
                audited AS (
                    INSERT INTO admin_audit (actor_id, actor_email, action, target_user_id, target_email, client_address)
                    SELECT a.id, a.email, \(AdminAuditStatements.Action.mailedResetLink.rawValue), a.id, a.email, \(clientAddress)
                    FROM account a JOIN issued i ON i.user_id = a.id
                )
                SELECT a.email, a.language FROM account a JOIN issued i ON i.user_id = a.id
                """)
            guard let row = rows.first else { return .noAccount }
            let language = try (row.decode("language") as String?).flatMap(Language.init(rawValue:))
            return .issued(email: try row.decode("email"), language: language, expiresAt: expiresAt)
        }
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

    /// The account of a link that still works: its address, and whether it never had a password
    /// (a class list's new account, which sets its first one); nil for a link that does not work.
    func usableLink(tokenHash: [UInt8], logger: Logger) async throws -> (email: String, isNew: Bool)? {
        guard
            let row = try await pool.query(
                """
                SELECT u.email, u.password_hash = '!' AS is_new FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
                WHERE t.token_hash = \(tokenHash) AND t.used_at IS NULL AND t.expires_at > \(clock.now())
                """, logger: logger
            ).first
        else { return nil }
        return (try row.decode("email"), try row.decode("is_new"))
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

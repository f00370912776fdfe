import ExamPrepPostgres
import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// Invitations (`invitations`): made by an admin, accepted once with a password, revocable.
/// Tokens are stored only as SHA-256 hashes.
struct InvitationRepository: Sendable {
    let pool: PostgresPool
    let clock: ServerClock

    /// How long an invitation's link works.
    static let lifetime: TimeInterval = 7 * 24 * 60 * 60

    enum Creation: Sendable {
        /// `inviter`: the inviting admin's name, else address (nil for a registration).
        case created(id: Int, expiresAt: Date, inviter: String?)
        case emailTaken
    }

    /// An invitation for `email` (and the name its account gets); earlier pending ones of the
    /// same address are revoked (the newest link is the one that works). Recorded in the audit log.
    func create(
        email: EmailAddress, role: Role, tokenHash: [UInt8], invitedBy adminID: Int, language: Language? = nil, name: String? = nil,
        clientAddress: String, logger: Logger
    ) async throws -> Creation {
        let expiresAt = clock.now().addingTimeInterval(Self.lifetime)
        return try await pool.transaction(logger: logger) { transaction in
            guard try await transaction.query(Self.taken(email.key)).isEmpty else { return .emailTaken }
            try await transaction.execute(
                """
                UPDATE invitations SET revoked_at = now()
                WHERE email_key = \(email.key) AND accepted_at IS NULL AND revoked_at IS NULL
                """)
            let rows = try await transaction.query(
                """
                INSERT INTO invitations (token_hash, email, email_key, role_id, invited_by, expires_at, language, name)
                VALUES (\(tokenHash), \(email.display), \(email.key), \(role.rawValue), \(adminID), \(expiresAt), \(language?.rawValue),
                        \(name))
                RETURNING id, (SELECT coalesce(u.name, u.email) FROM users u WHERE u.id = \(adminID)) AS inviter
                """)
            try await AdminAuditStatements.record(
                .invited, actorID: adminID, targetUserID: nil, targetEmail: email.display, clientAddress: clientAddress, in: transaction)
            let row = try rows.single()
            return .created(id: try row.decode("id"), expiresAt: expiresAt, inviter: try row.decode("inviter"))
        }
    }

    /// A teacher's registration by an address of the school's domains, as an invitation of no
    /// admin's (`invited_by` NULL) that the address's owner accepts from the mailed link. It
    /// revokes only earlier registrations of the address, never an admin's invitation (which a
    /// stranger could otherwise replace); not written to the audit log, which holds admins' acts.
    func createRegistration(email: EmailAddress, role: Role, tokenHash: [UInt8], logger: Logger) async throws -> Creation {
        let expiresAt = clock.now().addingTimeInterval(Self.registrationLifetime)
        return try await pool.transaction(logger: logger) { transaction in
            guard try await transaction.query(Self.taken(email.key)).isEmpty else { return .emailTaken }
            try await transaction.execute(
                """
                UPDATE invitations SET revoked_at = now()
                WHERE email_key = \(email.key) AND invited_by IS NULL AND accepted_at IS NULL AND revoked_at IS NULL
                """)
            let rows = try await transaction.query(
                """
                INSERT INTO invitations (token_hash, email, email_key, role_id, invited_by, expires_at)
                VALUES (\(tokenHash), \(email.display), \(email.key), \(role.rawValue), NULL, \(expiresAt))
                RETURNING id
                """)
            return .created(id: try rows.single().decode("id"), expiresAt: expiresAt, inviter: nil)
        }
    }

    /// How long a registration's confirmation link works.
    static let registrationLifetime: TimeInterval = 24 * 60 * 60

    /// Whether the address has an account of its own. An account a class list made that never
    /// chose a password (nor signed in with the school's account) is not: a teacher's list could otherwise hold any address against an
    /// admin's invitation; accepting the invitation takes it over (`accept`).
    private static func taken(_ emailKey: String) -> PostgresQuery {
        """
        SELECT 1 AS taken FROM users
        WHERE email_key = \(emailKey)
          AND (NOT (password_hash = '!' AND created_by IS NOT NULL)
               OR EXISTS (SELECT 1 FROM school_identities i WHERE i.user_id = users.id))
        """
    }

    /// A page of invitations, newest first (`page.after`: the id the previous page ended at).
    func list(page: PageRequest, logger: Logger) async throws -> [InvitationInfo] {
        let rows = try await pool.query(
            """
            SELECT id, email, role_id, created_at, expires_at, accepted_at IS NOT NULL AS accepted,
                   revoked_at IS NOT NULL AS revoked
            FROM invitations WHERE id < \(page.after ?? Int.max)
            ORDER BY id DESC LIMIT \(page.fetchLimit)
            """, logger: logger)
        let now = clock.now()
        return try rows.map { row in
            let expiresAt: Date = try row.decode("expires_at")
            let (accepted, revoked): (Bool, Bool) = (try row.decode("accepted"), try row.decode("revoked"))
            let status: InvitationInfo.Status = accepted ? .accepted : revoked ? .revoked : expiresAt <= now ? .expired : .pending
            return InvitationInfo(
                id: try row.decode("id"), email: try row.decode("email"), role: Role(rawValue: try row.decode("role_id")) ?? .faculty,
                createdAt: try row.decode("created_at"), expiresAt: expiresAt, status: status)
        }
    }

    /// Revokes a pending invitation; false when there is none with that id still pending.
    func revoke(id: Int, by adminID: Int, clientAddress: String, logger: Logger) async throws -> Bool {
        try await pool.transaction(logger: logger) { transaction in
            let rows = try await transaction.query(
                """
                UPDATE invitations SET revoked_at = now()
                WHERE id = \(id) AND accepted_at IS NULL AND revoked_at IS NULL
                RETURNING email
                """)
            guard let row = rows.first else { return false }
            try await AdminAuditStatements.record(
                .revokedInvitation, actorID: adminID, targetUserID: nil, targetEmail: try row.decode("email"),
                clientAddress: clientAddress, in: transaction)
            return true
        }
    }

    /// The invitation a token names, if it can still be accepted.
    func pending(tokenHash: [UInt8], logger: Logger) async throws -> (email: String, role: Role)? {
        let rows = try await pool.query(
            """
            SELECT email, role_id FROM invitations
            WHERE token_hash = \(tokenHash) AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > \(clock.now())
            """, logger: logger)
        guard let row = rows.first, let role = Role(rawValue: try row.decode("role_id")) else { return nil }
        return (try row.decode("email"), role)
    }

    enum Acceptance: Sendable {
        /// `email`: the address the account has, as the invitation wrote it.
        case accepted(userID: Int, role: Role, email: String)
        /// Used, revoked, expired or never made.
        case gone
        /// An account of the address was made meanwhile (registered as a student, invited twice).
        case emailTaken
    }

    /// Makes the account of a pending invitation with `passwordHash`, once: the invitation row
    /// is locked, so two acceptances of one link cannot both succeed.
    func accept(tokenHash: [UInt8], passwordHash: String, logger: Logger) async throws -> Acceptance {
        do {
            return try await pool.transaction(logger: logger) { transaction in
                let rows = try await transaction.query(
                    """
                    SELECT id, email, email_key, role_id, language, name FROM invitations
                    WHERE token_hash = \(tokenHash) AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > \(clock.now())
                    FOR UPDATE
                    """)
                guard let row = rows.first, let role = Role(rawValue: try row.decode("role_id")) else { return .gone }
                let invitationID: Int = try row.decode("id")
                let email: String = try row.decode("email")
                let emailKey: String = try row.decode("email_key")
                // The account speaks the language the invitation was made in.
                let language: String? = try row.decode("language")
                // And has the name the admin gave (a class list's account keeps its own when none).
                let name: String? = try row.decode("name")
                let userID: Int
                if let taken = try await Self.takeOverUnusedAccount(
                    emailKey: emailKey, role: role, passwordHash: passwordHash, name: name, in: transaction)
                {
                    userID = taken
                } else {
                    userID = try await transaction.query(
                        """
                        INSERT INTO users (email, email_key, password_hash, role_id, language, name)
                        VALUES (\(email), \(emailKey), \(passwordHash), \(role.rawValue), \(language), \(name))
                        RETURNING id
                        """
                    ).single().decode("id")
                }
                try await transaction.execute(
                    "UPDATE invitations SET accepted_at = now(), accepted_user_id = \(userID) WHERE id = \(invitationID)")
                return .accepted(userID: userID, role: role, email: email)
            }
        } catch let error as PostgresError where error.isUniqueViolation {
            return .emailTaken
        }
    }

    /// The account a class list made for the address, if it never chose a password: it becomes
    /// the invited person's, of the invited role, with their password. It leaves every course
    /// and invitation the list gave it, and every link made for it is spent, so the teacher
    /// whose list made it holds nothing of it.
    static func takeOverUnusedAccount(
        emailKey: String, role: Role, passwordHash: String, name: String? = nil, in transaction: Transaction
    ) async throws -> Int? {
        guard
            let row = try await transaction.query(
                """
                UPDATE users SET role_id = \(role.rawValue), password_hash = \(passwordHash), name = coalesce(\(name)::text, name),
                    created_by = NULL, updated_at = now()
                WHERE email_key = \(emailKey) AND password_hash = '!' AND created_by IS NOT NULL
                  AND NOT EXISTS (SELECT 1 FROM school_identities i WHERE i.user_id = users.id)
                RETURNING id
                """
            ).first
        else { return nil }
        let userID: Int = try row.decode("id")
        try await transaction.execute("DELETE FROM enrollments WHERE user_id = \(userID)")
        try await transaction.execute("DELETE FROM course_invitations WHERE user_id = \(userID)")
        try await transaction.execute("UPDATE password_reset_tokens SET used_at = now() WHERE user_id = \(userID) AND used_at IS NULL")
        return userID
    }
}

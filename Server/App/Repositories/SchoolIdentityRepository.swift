import ExamPrepPostgres
import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// Accounts' school identities (`school_identities`, migration 039): an account is found by the
/// provider's `(iss, sub)`. The first sign-in of an identity links it, in one transaction, to
///
/// - the account of a pending invitation of its verified address (made then, of the invited
///   role, with no password; an account a class list made that never had a password is taken
///   over as accepting the invitation by link would), or
/// - the account of its address that came from a class list or an invitation and never had a
///   password (`'!'`), and has no identity of this issuer yet;
///
/// an account of the address with a password waits for its owner to type it once
/// (`needsPassword`); anyone else has no account, and none is made: the provider never gives a role.
struct SchoolIdentityRepository: Sendable {
    let pool: PostgresPool
    let clock: ServerClock

    enum Resolution: Sendable, Equatable {
        case signedIn(userID: Int, role: Role)
        case disabled
        /// The address's account has a password: its owner types it once to link.
        case needsPassword(userID: Int)
        /// The address's account is linked to another identity of this issuer.
        case linkedElsewhere
        case noAccount
    }

    func resolve(_ identity: SchoolIdentity, logger: Logger) async throws -> Resolution {
        do {
            return try await pool.transaction(logger: logger) { transaction in
                if let known = try await Self.known(identity, now: clock.now(), in: transaction) { return known }
                if let invited = try await Self.acceptInvitation(identity, now: clock.now(), in: transaction) { return invited }
                return try await Self.linkUnused(identity, now: clock.now(), in: transaction)
            }
        } catch let error as PostgresError where error.isUniqueViolation {
            // Two first sign-ins of one person at once: the other linked it.
            return try await pool.transaction(logger: logger) { transaction in
                try await Self.known(identity, now: clock.now(), in: transaction) ?? .linkedElsewhere
            }
        }
    }

    /// Links after the owner typed the account's password (`Accounts.confirm`).
    func link(_ identity: SchoolIdentity, toUser userID: Int, logger: Logger) async throws -> Resolution {
        do {
            return try await pool.transaction(logger: logger) { transaction in
                guard
                    let row = try await transaction.query(
                        "SELECT role_id, disabled_at IS NOT NULL AS disabled FROM users WHERE id = \(userID) FOR UPDATE"
                    ).first, let role = Role(rawValue: try row.decode("role_id"))
                else { return .noAccount }
                if try row.decode("disabled") { return .disabled }
                try await Self.insert(identity, userID: userID, now: clock.now(), in: transaction)
                return .signedIn(userID: userID, role: role)
            }
        } catch let error as PostgresError where error.isUniqueViolation {
            return .linkedElsewhere
        }
    }

    /// The account already linked to the identity.
    private static func known(_ identity: SchoolIdentity, now: Date, in transaction: Transaction) async throws -> Resolution? {
        guard
            let row = try await transaction.query(
                """
                UPDATE school_identities i SET last_used_at = \(now)
                FROM users u
                WHERE i.issuer = \(identity.issuer) AND i.subject = \(identity.subject) AND u.id = i.user_id
                RETURNING u.id, u.role_id, u.disabled_at IS NOT NULL AS disabled
                """
            ).first
        else { return nil }
        guard let role = Role(rawValue: try row.decode("role_id")) else { return .noAccount }
        if try row.decode("disabled") { return .disabled }
        return .signedIn(userID: try row.decode("id"), role: role)
    }

    /// A pending invitation of the address becomes its account (password `'!'`: none).
    private static func acceptInvitation(_ identity: SchoolIdentity, now: Date, in transaction: Transaction) async throws -> Resolution? {
        let key = identity.email.key
        guard
            let invitation = try await transaction.query(
                """
                SELECT id, email, role_id FROM invitations
                WHERE email_key = \(key) AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > \(now)
                ORDER BY id DESC LIMIT 1 FOR UPDATE
                """
            ).first, let role = Role(rawValue: try invitation.decode("role_id"))
        else { return nil }
        // An account of the address that is in use keeps the address; the invitation waits.
        let inUse = try await transaction.query(
            """
            SELECT 1 AS taken FROM users u
            WHERE u.email_key = \(key)
              AND (NOT (u.password_hash = '!' AND u.created_by IS NOT NULL)
                   OR EXISTS (SELECT 1 FROM school_identities i WHERE i.user_id = u.id))
            """)
        guard inUse.isEmpty else { return nil }
        let userID: Int
        if let taken = try await InvitationRepository.takeOverUnusedAccount(emailKey: key, role: role, passwordHash: "!", in: transaction) {
            userID = taken
        } else {
            userID = try await transaction.query(
                """
                INSERT INTO users (email, email_key, password_hash, role_id)
                VALUES (\(try invitation.decode("email", as: String.self)), \(key), '!', \(role.rawValue))
                RETURNING id
                """
            ).single().decode("id")
        }
        let invitationID: Int = try invitation.decode("id")
        try await transaction.execute(
            "UPDATE invitations SET accepted_at = \(now), accepted_user_id = \(userID) WHERE id = \(invitationID)")
        try await insert(identity, userID: userID, now: now, in: transaction)
        return .signedIn(userID: userID, role: role)
    }

    /// The address's account: linked when it never had a password and came from a class list
    /// or an invitation; else its password is asked for.
    private static func linkUnused(_ identity: SchoolIdentity, now: Date, in transaction: Transaction) async throws -> Resolution {
        guard
            let row = try await transaction.query(
                """
                SELECT u.id, u.role_id, u.disabled_at IS NOT NULL AS disabled, u.password_hash = '!' AS no_password,
                       (u.created_by IS NOT NULL OR EXISTS (SELECT 1 FROM invitations v WHERE v.accepted_user_id = u.id)) AS made_for_them,
                       EXISTS (SELECT 1 FROM school_identities i WHERE i.user_id = u.id AND i.issuer = \(identity.issuer)) AS linked
                FROM users u WHERE u.email_key = \(identity.email.key) FOR UPDATE OF u
                """
            ).first, let role = Role(rawValue: try row.decode("role_id"))
        else { return .noAccount }
        let userID: Int = try row.decode("id")
        if try row.decode("linked") { return .linkedElsewhere }
        if try row.decode("disabled") { return .disabled }
        guard try row.decode("no_password") else { return .needsPassword(userID: userID) }
        guard try row.decode("made_for_them") else { return .noAccount }
        try await insert(identity, userID: userID, now: now, in: transaction)
        return .signedIn(userID: userID, role: role)
    }

    private static func insert(_ identity: SchoolIdentity, userID: Int, now: Date, in transaction: Transaction) async throws {
        try await transaction.execute(
            """
            INSERT INTO school_identities (issuer, subject, user_id, email, linked_at, last_used_at)
            VALUES (\(identity.issuer), \(identity.subject), \(userID), \(identity.email.display), \(now), \(now))
            """)
    }

    /// How each of `userIDs` signs in: with a password (one of its own), and the addresses of
    /// its school identities.
    func signInMethods(of userIDs: [Int], logger: Logger) async throws -> [Int: (password: Bool, school: [String])] {
        guard !userIDs.isEmpty else { return [:] }
        let rows = try await pool.query(
            """
            SELECT u.id, u.password_hash <> '!' AS password,
                   coalesce((SELECT array_to_string(array_agg(i.email ORDER BY i.linked_at), ', ')
                             FROM school_identities i WHERE i.user_id = u.id), '') AS school
            FROM users u WHERE u.id = ANY(\(PostgresArray(userIDs)))
            """, logger: logger)
        var methods: [Int: (password: Bool, school: [String])] = [:]
        for row in rows {
            let school: String = try row.decode("school")
            methods[try row.decode("id")] = (try row.decode("password"), school.isEmpty ? [] : [school])
        }
        return methods
    }

    /// Unlinks every school identity of `userID` (an admin's act, audited); false when it had none.
    func unlink(userID: Int, by adminID: Int, clientAddress: String, logger: Logger) async throws -> Bool {
        try await pool.transaction(logger: logger) { transaction in
            guard try await transaction.execute("DELETE FROM school_identities WHERE user_id = \(userID)") > 0 else { return false }
            try await AdminAuditStatements.record(
                .unlinkedSchoolAccount, actorID: adminID, targetUserID: userID, clientAddress: clientAddress, in: transaction)
            return true
        }
    }
}

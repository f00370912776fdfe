import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// Erasing a person's personal data on an admin's order (GDPR art. 17, docs/DATA.md), in one
/// transaction: the address becomes a pseudonym nobody can receive mail at, the name, student
/// number and password go, every way to sign in goes (sessions with their refresh tokens and
/// sign-in links, reset links, school identities, app sign-ins), free text the person wrote
/// is replaced by an empty text, and audit rows that named them name the pseudonym. Scores,
/// points, grades and enrollments stay, so grade books and statistics add up as before.
struct AccountErasure: Sendable {
    let pool: PostgresPool

    enum Outcome: Sendable, Equatable {
        case erased
        /// Erased before: nothing changed (erasing is idempotent).
        case alreadyErased
        case notFound
        /// An admin cannot erase themselves.
        case oneself
        /// Erasing would leave no enabled admin.
        case lastAdmin
    }

    /// The account's address as shown now, and whether it was erased; nil: no such account.
    func account(userID: Int, logger: Logger) async throws -> (email: String, erased: Bool)? {
        guard
            let row = try await pool.query(
                "SELECT email, erased_at IS NOT NULL AS erased FROM users WHERE id = \(userID)", logger: logger
            ).first
        else { return nil }
        return (try row.decode("email"), try row.decode("erased"))
    }

    /// Erases `userID` by the admin `adminID`, audited with `clientAddress`.
    func erase(userID: Int, by adminID: Int, clientAddress: String, logger: Logger) async throws -> Outcome {
        if userID == adminID { return .oneself }
        let pseudonym = "erased-\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))@invalid"
        return try await pool.transaction(logger: logger) { transaction in
            let admins = try await transaction.query(
                "SELECT id FROM users WHERE role_id = \(Role.admin.rawValue) AND disabled_at IS NULL ORDER BY id FOR UPDATE")
            let adminIDs: [Int] = try admins.map { try $0.decode("id") }
            guard
                let target = try await transaction.query(
                    """
                    SELECT erased_at IS NOT NULL AS erased, coalesce(email_key, lower(email)) AS key
                    FROM users WHERE id = \(userID) FOR UPDATE
                    """
                ).first
            else { return .notFound }
            if try target.decode("erased", as: Bool.self) { return .alreadyErased }
            if adminIDs == [userID] { return .lastAdmin }
            let key = try target.decode("key", as: String.self)
            for statement in Self.statements(userID: userID, key: key, pseudonym: pseudonym) {
                try await transaction.execute(statement)
            }
            try await transaction.execute(
                """
                INSERT INTO admin_audit (actor_id, actor_email, action, target_user_id, target_email, client_address)
                SELECT a.id, a.email, 'erased', \(userID), \(pseudonym), \(clientAddress) FROM users a WHERE a.id = \(adminID)
                """)
            return .erased
        }
    }

    /// The erasure's statements, in order (the account itself last, so the others can still
    /// find what named it). `key` is the old address's key, `pseudonym` the new address.
    private static func statements(userID: Int, key: String, pseudonym: String) -> [PostgresQuery] {
        [
            "UPDATE admin_audit SET target_email = \(pseudonym) WHERE target_user_id = \(userID) OR lower(target_email) = \(key)",
            "UPDATE admin_audit SET actor_email = \(pseudonym) WHERE actor_id = \(userID)",
            """
            UPDATE invitations SET email = \(pseudonym), email_key = \(pseudonym)
            WHERE accepted_user_id = \(userID) OR email_key = \(key)
            """,
            "DELETE FROM sessions WHERE user_id = \(userID)",
            "DELETE FROM password_reset_tokens WHERE user_id = \(userID)",
            "DELETE FROM school_identities WHERE user_id = \(userID)",
            "DELETE FROM school_sign_ins WHERE user_id = \(userID)",
            "DELETE FROM app_sign_ins WHERE user_id = \(userID)",
            "UPDATE accommodations SET note = NULL WHERE student_id = \(userID)",
            """
            UPDATE answers an SET response = jsonb_set(an.response, '{text}', '""')
            FROM attempts a WHERE a.id = an.attempt_id AND a.student_id = \(userID) AND jsonb_exists(an.response, 'text')
            """,
            "DELETE FROM attempt_saves s USING attempts a WHERE a.id = s.attempt_id AND a.student_id = \(userID)",
            """
            UPDATE practice_answers SET response = jsonb_set(response, '{text}', '""')
            WHERE student_id = \(userID) AND jsonb_exists(response, 'text')
            """,
            "UPDATE attempts SET student_key = sha256(convert_to(\(pseudonym), 'UTF8')) WHERE student_id = \(userID)",
            """
            UPDATE users SET email = \(pseudonym), email_key = \(pseudonym), name = NULL, student_number = NULL,
                password_hash = '!', created_by = NULL, disabled_at = coalesce(disabled_at, now()), erased_at = now(),
                updated_at = now()
            WHERE id = \(userID)
            """,
        ]
    }
}

import ExamPrepPostgres
import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// Reads and writes `users`. An account is found by its email key (`EmailAddress.key`),
/// which a unique index keeps to one account per person.
struct UserRepository: Sendable {
    let pool: PostgresPool

    enum Creation: Sendable, Equatable {
        case created(userID: Int)
        /// Another account has the same email key (the unique index decides under races).
        case emailTaken
    }

    /// Whether an account with this email key exists (checked before hashing a password
    /// that would only be thrown away).
    func isRegistered(emailKey: String, logger: Logger) async throws -> Bool {
        !(try await pool.query("SELECT 1 AS found FROM users WHERE email_key = \(emailKey)", logger: logger).isEmpty)
    }

    func create(email: EmailAddress, passwordHash: String, role: Role, logger: Logger) async throws -> Creation {
        do {
            let rows = try await pool.query(
                """
                INSERT INTO users (email, email_key, password_hash, role_id)
                VALUES (\(email.display), \(email.key), \(passwordHash), \(role.rawValue))
                RETURNING id
                """, logger: logger)
            return .created(userID: try rows.single().decode("id"))
        } catch let error as PostgresError where error.isUniqueViolation {
            return .emailTaken
        }
    }

    func find(emailKey: String, logger: Logger) async throws -> UserRecord? {
        let rows = try await pool.query(
            "SELECT \(unescaped: UserRecord.columns) FROM users WHERE email_key = \(emailKey)", logger: logger)
        return try rows.first.map(UserRecord.init(row:))
    }

    func find(id: Int, logger: Logger) async throws -> UserRecord? {
        let rows = try await pool.query("SELECT \(unescaped: UserRecord.columns) FROM users WHERE id = \(id)", logger: logger)
        return try rows.first.map(UserRecord.init(row:))
    }

    /// The person's own language (nil: none); false when there is no such account.
    func setLanguage(userID: Int, to language: Language?, logger: Logger) async throws -> Bool {
        try await pool.execute(
            "UPDATE users SET language = \(language?.rawValue), updated_at = now() WHERE id = \(userID)", logger: logger) == 1
    }

    /// The person's name (nil: none, teachers see the address); false when there is no such account.
    func setName(userID: Int, to name: String?, logger: Logger) async throws -> Bool {
        try await pool.execute(
            "UPDATE users SET name = \(name), updated_at = now() WHERE id = \(userID)", logger: logger) == 1
    }

    func updatePasswordHash(userID: Int, to hash: String, logger: Logger) async throws {
        try await pool.execute("UPDATE users SET password_hash = \(hash), updated_at = now() WHERE id = \(userID)", logger: logger)
    }

    /// Sets a new password and ends every session of the user but `keeping`, in one
    /// transaction: no session opened with the old password survives the change.
    func changePassword(userID: Int, to hash: String, keeping sessionID: UUID, logger: Logger) async throws {
        try await pool.withTransaction(logger: logger) { connection in
            try await connection.execute(
                "UPDATE users SET password_hash = \(hash), updated_at = now() WHERE id = \(userID)", logger: logger)
            try await connection.execute(
                "UPDATE sessions SET revoked_at = now() WHERE user_id = \(userID) AND id <> \(sessionID) AND revoked_at IS NULL",
                logger: logger)
        }
    }

    /// Deletes the account and, through the schema's cascades, everything it owns: its
    /// sessions and refresh tokens, courses, enrollments. Its attempts stay, anonymised
    /// (migration 014), after its open ones are submitted with what was saved. Returns
    /// whether it existed.
    ///
    /// Locks in the exam routes' order: the courses of its enrollments and open attempts
    /// (shared), then its enrollments (which starting an attempt locks, so none starts
    /// meanwhile), then its open attempts.
    func delete(userID: Int, now: Date, logger: Logger) async throws -> Bool {
        try await pool.transaction(logger: logger) { transaction in
            _ = try await transaction.query(
                """
                SELECT id FROM courses
                WHERE id IN (SELECT course_id FROM enrollments WHERE user_id = \(userID)
                             UNION SELECT e.course_id FROM attempts a JOIN exams e ON e.id = a.exam_id
                                   WHERE a.student_id = \(userID) AND a.submitted_at IS NULL)
                ORDER BY id FOR SHARE
                """)
            _ = try await transaction.query("SELECT id FROM enrollments WHERE user_id = \(userID) ORDER BY id FOR UPDATE")
            try await ExpiredAttemptRepository.submitOpenAttempts(ofStudent: userID, now: now, in: transaction)
            return try await transaction.execute("DELETE FROM users WHERE id = \(userID)") == 1
        }
    }

    /// Gives every account from before email keys existed its key (migration 005 leaves
    /// them NULL: the key is computed here, in Swift). An account whose key another one
    /// already holds keeps none and is returned, so the operator can resolve it.
    func assignMissingEmailKeys(logger: Logger) async throws -> [(userID: Int, email: String)] {
        let rows = try await pool.query("SELECT id, email FROM users WHERE email_key IS NULL ORDER BY id", logger: logger)
        var conflicts: [(userID: Int, email: String)] = []
        for row in rows {
            let id: Int = try row.decode("id")
            let email: String = try row.decode("email")
            do {
                try await pool.execute(
                    "UPDATE users SET email_key = \(EmailAddress.key(email)) WHERE id = \(id)", logger: logger)
            } catch let error as PostgresError where error.isUniqueViolation {
                conflicts.append((id, email))
            }
        }
        return conflicts
    }
}

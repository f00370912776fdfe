import HTTPTypes
import ExamPrepPostgres
import ExamPrepShared

/// Reads and writes `users`. Emails are compared without regard to case (the unique index
/// is on `lower(email)`).
struct UserRepository: Sendable {
    let pool: PostgresPool

    /// Inserts a user; an email already registered (in any case) is a 409.
    func create(email: String, passwordHash: String, role: Role) async throws -> Int {
        do {
            let rows = try await pool.query(
                """
                INSERT INTO users (email, password_hash, role_id)
                VALUES (\(email), \(passwordHash), \(role.rawValue))
                RETURNING id
                """)
            return try rows[0].decode("id")
        } catch let error as PostgresError where error.isUniqueViolation {
            throw APIError(.conflict, .emailTaken, "This email is already registered.")
        }
    }

    func find(email: String) async throws -> UserRecord? {
        let rows = try await pool.query(
            "SELECT id, email, password_hash, role_id FROM users WHERE lower(email) = lower(\(email))")
        return try rows.first.map(UserRecord.init(row:))
    }

    func find(id: Int) async throws -> UserRecord? {
        let rows = try await pool.query("SELECT id, email, password_hash, role_id FROM users WHERE id = \(id)")
        return try rows.first.map(UserRecord.init(row:))
    }

    func updatePasswordHash(userID: Int, to hash: String) async throws {
        try await pool.execute("UPDATE users SET password_hash = \(hash), updated_at = now() WHERE id = \(userID)")
    }
}

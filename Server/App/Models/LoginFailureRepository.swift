import ExamPrepPostgres
import Foundation

/// Failed logins, kept in PostgreSQL so that limits hold across replicas.
struct LoginFailureRepository: Sendable {
    let pool: PostgresPool

    /// When the `limit`-th most recent failure matching the key leaves the window, or nil if
    /// fewer than `limit` failures lie inside it.
    func lockedUntil(emailLower: String, limit: Int, window: TimeInterval) async throws -> Date? {
        try await lockedUntil(column: "email_lower", value: emailLower, limit: limit, window: window)
    }

    func lockedUntil(clientAddress: String, limit: Int, window: TimeInterval) async throws -> Date? {
        try await lockedUntil(column: "client_address", value: clientAddress, limit: limit, window: window)
    }

    /// Records a failure, pruning this account's failures that left the window.
    func record(emailLower: String, clientAddress: String, window: TimeInterval) async throws {
        try await pool.withTransaction { connection in
            try await connection.execute(
                """
                DELETE FROM login_failures
                WHERE email_lower = \(emailLower) AND failed_at < now() - make_interval(secs => \(window))
                """)
            try await connection.execute(
                "INSERT INTO login_failures (email_lower, client_address) VALUES (\(emailLower), \(clientAddress))")
        }
    }

    /// Forgets an account's failures after a successful login.
    func clear(emailLower: String) async throws {
        try await pool.execute("DELETE FROM login_failures WHERE email_lower = \(emailLower)")
    }

    /// `column` is one of two fixed names chosen above, never user input.
    private func lockedUntil(column: String, value: String, limit: Int, window: TimeInterval) async throws -> Date? {
        let rows = try await pool.query(
            """
            SELECT failed_at + make_interval(secs => \(window)) AS unlocks_at FROM login_failures
            WHERE \(unescaped: column) = \(value) AND failed_at > now() - make_interval(secs => \(window))
            ORDER BY failed_at DESC
            OFFSET \(limit - 1) LIMIT 1
            """)
        return try rows.first?.decode("unlocks_at", as: Date.self)
    }
}

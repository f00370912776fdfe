import ExamPrepPostgres
import Foundation

/// Failed logins, kept in PostgreSQL so that limits hold across replicas.
struct LoginFailureRepository: Sendable {
    let pool: PostgresPool

    /// Where an account and a client address stand, read in one round trip.
    struct Standing: Sendable {
        /// When the account's lock lifts: the `limit`-th most recent failure in the window
        /// leaves it. Nil while fewer failures lie inside the window.
        var accountUnlocksAt: Date?
        var addressUnlocksAt: Date?
        /// Whether any failure of the account is on record (a success then clears them).
        var accountHasFailures: Bool
    }

    func standing(
        emailLower: String, clientAddress: String, accountLimit: Int, addressLimit: Int, window: TimeInterval
    ) async throws -> Standing {
        let rows = try await pool.query(
            """
            SELECT
              (SELECT failed_at + make_interval(secs => \(window)) FROM login_failures
               WHERE email_lower = \(emailLower) AND failed_at > now() - make_interval(secs => \(window))
               ORDER BY failed_at DESC OFFSET \(accountLimit - 1) LIMIT 1) AS account_unlocks_at,
              (SELECT failed_at + make_interval(secs => \(window)) FROM login_failures
               WHERE client_address = \(clientAddress) AND failed_at > now() - make_interval(secs => \(window))
               ORDER BY failed_at DESC OFFSET \(addressLimit - 1) LIMIT 1) AS address_unlocks_at,
              EXISTS (SELECT 1 FROM login_failures WHERE email_lower = \(emailLower)) AS account_has_failures
            """)
        let row = rows[0]
        return Standing(
            accountUnlocksAt: try row.decode("account_unlocks_at"),
            addressUnlocksAt: try row.decode("address_unlocks_at"),
            accountHasFailures: try row.decode("account_has_failures"))
    }

    /// Records a failure, pruning this account's failures that left the window.
    func record(emailLower: String, clientAddress: String, window: TimeInterval) async throws {
        try await pool.execute(
            """
            WITH pruned AS (
                DELETE FROM login_failures
                WHERE email_lower = \(emailLower) AND failed_at < now() - make_interval(secs => \(window))
            )
            INSERT INTO login_failures (email_lower, client_address) VALUES (\(emailLower), \(clientAddress))
            """)
    }

    /// Forgets an account's failures after a successful login.
    func clear(emailLower: String) async throws {
        try await pool.execute("DELETE FROM login_failures WHERE email_lower = \(emailLower)")
    }
}

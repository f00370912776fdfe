import ExamPrepPostgres
import Logging

/// The attempt counters of every limit (`rate_limits`, migration 006), in PostgreSQL so
/// that limits hold across replicas.
struct RateLimitRepository: Sendable {
    let pool: PostgresPool
    /// Windows open and close by the server's clock.
    let clock: ServerClock

    /// One counter an attempt is taken from.
    struct Counter: Sendable, Equatable {
        var key: String
        var limit: RateLimit
    }

    /// Counts one attempt on every counter, atomically, if all have room: nil. Otherwise
    /// nothing is counted and the answer is the seconds until all would have room.
    func take(_ counters: [Counter], logger: Logger) async throws -> Int? {
        let rows = try await pool.query(
            """
            SELECT rate_limit_take(\(PostgresArray(counters.map(\.key))), \(PostgresArray(counters.map(\.limit.maxAttempts)))::integer[],
                                   \(PostgresArray(counters.map(\.limit.windowSeconds)))::integer[], \(clock.now())) AS wait
            """, logger: logger)
        let wait: Int = try rows[0].decode("wait")
        return wait > 0 ? wait : nil
    }

    /// Gives an attempt back to `keys` (it turned out not to be a failure) and deletes the
    /// counters in `resetting` altogether.
    func refund(_ keys: [String], resetting: [String] = [], logger: Logger) async throws {
        try await pool.execute(
            """
            WITH reset AS (DELETE FROM rate_limits WHERE key = ANY(\(PostgresArray(resetting))))
            UPDATE rate_limits SET count = count - 1
            WHERE key = ANY(\(PostgresArray(keys))) AND NOT key = ANY(\(PostgresArray(resetting)))
              AND count > 0 AND expires_at > \(clock.now())
            """, logger: logger)
    }

    /// Deletes counters whose window has closed; returns how many.
    @discardableResult
    func deleteExpired(logger: Logger) async throws -> Int {
        try await pool.execute("DELETE FROM rate_limits WHERE expires_at <= \(clock.now())", logger: logger)
    }
}

/// At most `maxAttempts` in a window of `windowSeconds` that opens with the first attempt.
struct RateLimit: Sendable, Equatable {
    var maxAttempts: Int
    var windowSeconds: Int
}

import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// The attempt counters of every limit (`rate_limits`, migrations 006 and 012), in
/// PostgreSQL so that limits hold across replicas.
struct RateLimitRepository: Sendable {
    let pool: PostgresPool
    /// Windows open and close by the server's clock.
    let clock: ServerClock

    /// One counter an attempt is taken from.
    struct Counter: Sendable, Equatable {
        var key: String
        var limit: RateLimit
        /// Whether an attempt counts here when it begins (`.attempts`), or only once it has
        /// failed (`.failures`: checked when it begins, counted by `addFailure`).
        var counts: Counting = .attempts
    }

    enum Counting: Sendable, Equatable {
        case attempts
        case failures
    }

    /// A counter that had no room.
    struct Refusal: Sendable, Equatable {
        /// Its position in the counters given to `take` (checked to be one of theirs).
        var index: Int
        /// Seconds until every counter would have room.
        var retryAfter: Int
    }

    /// Checks every counter and, if all have room, counts one attempt on those that count
    /// attempts, atomically: nil. Otherwise nothing is counted and the answer names the
    /// counter that refused.
    func take(_ counters: [Counter], logger: Logger) async throws -> Refusal? {
        try Self.refusal(of: counters, from: try await pool.query(Self.acquire(counters, at: clock.now()), logger: logger))
    }

    /// `take` inside the caller's transaction, whose commit is the counting's.
    func take(_ counters: [Counter], in transaction: Transaction) async throws -> Refusal? {
        try Self.refusal(of: counters, from: try await transaction.query(Self.acquire(counters, at: clock.now())))
    }

    private static func acquire(_ counters: [Counter], at now: Date) -> PostgresQuery {
        """
        SELECT wait_seconds, refused_by FROM rate_limit_acquire(
            \(PostgresArray(counters.map(\.key))), \(PostgresArray(counters.map(\.limit.maxAttempts)))::integer[],
            \(PostgresArray(counters.map(\.limit.windowSeconds)))::integer[],
            \(PostgresArray(counters.map { $0.counts == .attempts }))::boolean[], \(now))
        """
    }

    private static func refusal(of counters: [Counter], from rows: PostgresRows) throws -> Refusal? {
        let row = try rows.single()
        let wait: Int = try row.decode("wait_seconds")
        guard wait > 0 else { return nil }
        let position: Int? = try row.decode("refused_by")
        guard let position, counters.indices.contains(position - 1) else {
            throw PostgresError(kind: .decoding, message: "rate_limit_acquire refused by counter \(position.map(String.init) ?? "none")")
        }
        return Refusal(index: position - 1, retryAfter: wait)
    }

    /// Counts one failure on each of `counters` (those that count only failures).
    func addFailure(_ counters: [Counter], logger: Logger) async throws {
        guard !counters.isEmpty else { return }
        try await pool.execute(
            """
            SELECT rate_limit_add(\(PostgresArray(counters.map(\.key))), \(PostgresArray(counters.map(\.limit.windowSeconds)))::integer[],
                                  \(clock.now()))
            """, logger: logger)
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

    /// The window as a 429's message names it: "15 minutes", "an hour".
    var window: Message {
        let seconds = windowSeconds
        return switch seconds {
        case let s where s % 86_400 == 0: Message("errors.window.days", ["count": .integer(s / 86_400)])
        case let s where s % 3600 == 0: Message("errors.window.hours", ["count": .integer(s / 3600)])
        case let s where s % 60 == 0: Message("errors.window.minutes", ["count": .integer(s / 60)])
        default: Message("errors.window.seconds", ["count": .integer(seconds)])
        }
    }
}

import Logging

/// Every limit on attempts, counted in PostgreSQL (`RateLimitRepository`) so that it holds
/// across replicas. An attempt is counted before the work it guards (hashing a password,
/// looking up a course code) in one atomic step with the check, so parallel requests cannot
/// all slip under a limit; the attempt then says how it ended.
///
/// The policy (README "Security model"):
/// - logins: per account and client address (the hard limit: a guesser is stopped without
///   locking out the owner elsewhere), per account over all addresses (much higher, against
///   distributed guessing) and per address (against one client trying many accounts). A
///   successful login gives its attempt back and clears its account-and-address counter.
/// - unknown course codes: per student and per address; a code that exists gives its attempt back.
/// - registrations: per address. Course creation: per faculty member.
struct AttemptLimiter: Sendable {
    struct Limits: Sendable, Equatable {
        var loginPerAccountAndAddress = RateLimit(maxAttempts: 10, windowSeconds: 900)
        var loginPerAccount = RateLimit(maxAttempts: 100, windowSeconds: 900)
        var loginPerAddress = RateLimit(maxAttempts: 100, windowSeconds: 900)
        var unknownCodesPerStudent = RateLimit(maxAttempts: 10, windowSeconds: 900)
        var unknownCodesPerAddress = RateLimit(maxAttempts: 10, windowSeconds: 900)
        var registrationsPerAddress = RateLimit(maxAttempts: 20, windowSeconds: 3600)
        var courseCreationsPerFaculty = RateLimit(maxAttempts: 30, windowSeconds: 3600)
    }

    enum Decision: Sendable {
        case allowed(Attempt)
        /// Over a limit: nothing was counted; try again in `retryAfter` seconds.
        case limited(retryAfter: Int)
    }

    let counters: RateLimitRepository
    let limits: Limits

    func login(emailKey: String, clientAddress: String, logger: Logger) async throws -> Decision {
        let pair = "login.pair:\(clientAddress)|\(emailKey)"
        return try await begin(
            [
                .init(key: pair, limit: limits.loginPerAccountAndAddress),
                .init(key: "login.account:\(emailKey)", limit: limits.loginPerAccount),
                .init(key: "login.address:\(clientAddress)", limit: limits.loginPerAddress),
            ], resetOnSuccess: [pair], logger: logger)
    }

    func courseCode(studentID: Int, clientAddress: String, logger: Logger) async throws -> Decision {
        try await begin(
            [
                .init(key: "code.student:\(studentID)", limit: limits.unknownCodesPerStudent),
                .init(key: "code.address:\(clientAddress)", limit: limits.unknownCodesPerAddress),
            ], logger: logger)
    }

    func registration(clientAddress: String, logger: Logger) async throws -> Decision {
        try await begin([.init(key: "register.address:\(clientAddress)", limit: limits.registrationsPerAddress)], logger: logger)
    }

    func courseCreation(facultyID: Int, logger: Logger) async throws -> Decision {
        try await begin([.init(key: "course.faculty:\(facultyID)", limit: limits.courseCreationsPerFaculty)], logger: logger)
    }

    private func begin(
        _ keys: [RateLimitRepository.Counter], resetOnSuccess: [String] = [], logger: Logger
    ) async throws -> Decision {
        if let wait = try await counters.take(keys, logger: logger) { return .limited(retryAfter: wait) }
        return .allowed(Attempt(keys: keys.map(\.key), resetOnSuccess: resetOnSuccess, counters: counters))
    }
}

/// An attempt that has been counted, and the one owner of how it ended.
struct Attempt: Sendable {
    let keys: [String]
    let resetOnSuccess: [String]
    let counters: RateLimitRepository

    /// It failed (a wrong password, an unknown code): it stays counted.
    func failed() {}

    /// It succeeded, so it was no guess: given back, and the counters named
    /// `resetOnSuccess` start afresh.
    func succeeded(logger: Logger) async throws {
        try await Self.evenIfCancelled { [self] in try await counters.refund(keys, resetting: resetOnSuccess, logger: logger) }
    }

    /// It never came to an answer (the server could not finish it, or its client left):
    /// given back, best effort.
    func abandoned(logger: Logger) async {
        do {
            try await Self.evenIfCancelled { [self] in try await counters.refund(keys, logger: logger) }
        } catch {
            logger.warning("could not give back an abandoned attempt", metadata: ["error": "\(error)"])
        }
    }

    /// Runs `body` in a task of its own: a request whose client has left is cancelled, and
    /// its attempt must still be given back, or the owner would pay for the dropped connection.
    private static func evenIfCancelled(_ body: @escaping @Sendable () async throws -> Void) async throws {
        try await Task { try await body() }.value
    }
}

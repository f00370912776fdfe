import ExamPrepShared
import Logging

/// Every limit on attempts, counted in PostgreSQL (`RateLimitRepository`) so that it holds
/// across replicas. An attempt is checked before the work it guards (hashing a password,
/// looking up a course code) in one atomic step with the counting, so parallel requests
/// cannot all slip under a limit; the attempt then says how it ended.
///
/// The policy (README "Security model"):
/// - logins: per account and client address (the hard limit, counting every attempt as it
///   begins: a guesser is stopped without locking out the owner elsewhere), per account over
///   all addresses (much higher, against distributed guessing), and failures per address
///   (against one client trying many accounts). The per-address limit counts only what
///   failed, never attempts in flight: hundreds of students behind one school address log in
///   at the same moment. A successful login gives its attempt back and clears its
///   account-and-address counter.
/// - unknown course codes: per student (every attempt) and per address (failures only, for
///   the same reason); a code that exists is looked up first and only checked, never counted.
/// - registrations: per address, in a short window and per day. Course creation, code
///   rotation and exam creation: per faculty member.
/// - the other writes, per account: a faculty member's question changes (create, edit,
///   delete, practice marking), imports, regrades and exam-day changes (accommodations,
///   overrides, extensions); a student's practice sessions and practice answers; anyone's
///   one-time sign-in links.
///
/// Client addresses are counted as they are for IPv4 and by their /64 for IPv6, where one
/// subscriber gets a whole /64.
struct RateLimiter: Sendable {
    struct Limits: Sendable, Equatable {
        var loginPerAccountAndAddress = RateLimit(maxAttempts: 10, windowSeconds: 900)
        var loginPerAccount = RateLimit(maxAttempts: 100, windowSeconds: 900)
        var loginFailuresPerAddress = RateLimit(maxAttempts: 100, windowSeconds: 900)
        var unknownCodesPerStudent = RateLimit(maxAttempts: 10, windowSeconds: 900)
        var unknownCodesPerAddress = RateLimit(maxAttempts: 10, windowSeconds: 900)
        var registrationsPerAddress = RateLimit(maxAttempts: 100, windowSeconds: 600)
        var registrationsPerAddressPerDay = RateLimit(maxAttempts: 1000, windowSeconds: 86_400)
        var courseCreationsPerFaculty = RateLimit(maxAttempts: 30, windowSeconds: 3600)
        var codeRotationsPerFaculty = RateLimit(maxAttempts: 10, windowSeconds: 3600)
        var examCreationsPerFaculty = RateLimit(maxAttempts: 60, windowSeconds: 3600)
        var questionWritesPerFaculty = RateLimit(maxAttempts: 600, windowSeconds: 3600)
        var questionImportsPerFaculty = RateLimit(maxAttempts: 30, windowSeconds: 3600)
        var classListImportsPerFaculty = RateLimit(maxAttempts: 30, windowSeconds: 3600)
        var regradesPerFaculty = RateLimit(maxAttempts: 60, windowSeconds: 3600)
        var examDayChangesPerFaculty = RateLimit(maxAttempts: 600, windowSeconds: 3600)
        var practiceSessionsPerStudent = RateLimit(maxAttempts: 120, windowSeconds: 3600)
        var practiceAnswersPerStudent = RateLimit(maxAttempts: 1500, windowSeconds: 3600)
        var passwordResetsPerAddress = RateLimit(maxAttempts: 20, windowSeconds: 3600)
        var passwordResetsPerAccount = RateLimit(maxAttempts: 3, windowSeconds: 3600)
        var registrationConfirmationsPerAccount = RateLimit(maxAttempts: 3, windowSeconds: 3600)
        var resetLinksPerAccount = RateLimit(maxAttempts: 100, windowSeconds: 3600)
        var signInLinksPerAccount = RateLimit(maxAttempts: 30, windowSeconds: 3600)
        /// A school behind one address signs in at once: a generous count that still bounds the
        /// sign-ins a stranger can leave waiting; failures count on their own.
        var schoolSignInsPerAddress = RateLimit(maxAttempts: 5000, windowSeconds: 600)
        var schoolSignInFailuresPerAddress = RateLimit(maxAttempts: 100, windowSeconds: 900)
        var appCodeFailuresPerAddress = RateLimit(maxAttempts: 100, windowSeconds: 900)
    }

    enum Decision: Sendable {
        case allowed(CountedTry)
        /// Over a limit: nothing was counted.
        case limited(Refusal)
    }

    /// The limit that was hit and when it frees up.
    struct Refusal: Sendable, Equatable {
        var kind: Kind
        var limit: RateLimit
        var retryAfter: Int

        /// "Too many failed logins from your address (at most 100 in 15 minutes); try again in 812 seconds."
        var message: Message {
            Message(
                "errors.rate-limited",
                [
                    "what": .message(kind.counted), "max": .integer(limit.maxAttempts), "window": .message(limit.window),
                    "count": .integer(retryAfter),
                ])
        }
    }

    let counters: RateLimitRepository
    let limits: Limits

    func login(emailKey: String, clientAddress: String, logger: Logger) async throws -> Decision {
        let address = Self.addressKey(clientAddress)
        let pair = counter(.loginPerAccountAndAddress, "\(address)|\(emailKey)")
        return try await begin(
            [
                pair,
                counter(.loginPerAccount, emailKey),
                counter(.loginFailuresPerAddress, address, counts: .failures),
            ], resetOnSuccess: [pair.key], logger: logger)
    }

    /// A code that was not found: counted as it begins (per student: parallel guesses cannot all
    /// slip under the limit) and, per address, once it has failed.
    func unknownCourseCode(studentID: Int, clientAddress: String, logger: Logger) async throws -> Decision {
        try await begin(
            [
                counter(.unknownCodesPerStudent, String(studentID)),
                counter(.unknownCodesPerAddress, Self.addressKey(clientAddress), counts: .failures),
            ], logger: logger)
    }

    /// A code that exists: checked against the same limits but never counted, so a student's
    /// parallel tries of the right code never refuse each other. A student or address past the
    /// limit is refused the right code too, or a guesser could go on and learn which codes exist.
    func knownCourseCode(studentID: Int, clientAddress: String, logger: Logger) async throws -> Refusal? {
        let named = [
            counter(.unknownCodesPerStudent, String(studentID), counts: .failures),
            counter(.unknownCodesPerAddress, Self.addressKey(clientAddress), counts: .failures),
        ]
        return try await counters.take(named.map(\.counter), logger: logger).map { refusal(named, $0) }
    }

    func registration(clientAddress: String, logger: Logger) async throws -> Decision {
        let address = Self.addressKey(clientAddress)
        return try await begin(
            [counter(.registrationsPerAddress, address), counter(.registrationsPerAddressPerDay, address)], logger: logger)
    }

    /// A request to mail a reset link: per client address and per address asked for (whether
    /// or not it has an account, so the answer tells nothing).
    /// A teacher's registration by address (`DomainRegistration`): per client address, as every
    /// registration, and per address registered, whose mailbox each one writes to.
    func registrationConfirmation(emailKey: String, clientAddress: String, logger: Logger) async throws -> Decision {
        let address = Self.addressKey(clientAddress)
        return try await begin(
            [
                counter(.registrationsPerAddress, address), counter(.registrationsPerAddressPerDay, address),
                counter(.registrationConfirmationsPerAccount, emailKey),
            ], logger: logger)
    }

    /// Counted inside the caller's transaction (`PasswordResetRepository.issue`), so that an
    /// address with an account and one without cost the same work, one commit.
    func passwordReset(emailKey: String, clientAddress: String, in transaction: Transaction) async throws -> Refusal? {
        let named = [counter(.passwordResetsPerAddress, Self.addressKey(clientAddress)), counter(.passwordResetsPerAccount, emailKey)]
        return try await counters.take(named.map(\.counter), in: transaction).map { refusal(named, $0) }
    }

    func courseCreation(facultyID: Int, logger: Logger) async throws -> Decision {
        try await begin([counter(.courseCreationsPerFaculty, String(facultyID))], logger: logger)
    }

    func codeRotation(facultyID: Int, logger: Logger) async throws -> Decision {
        try await begin([counter(.codeRotationsPerFaculty, String(facultyID))], logger: logger)
    }

    func examCreation(facultyID: Int, logger: Logger) async throws -> Decision {
        try await begin([counter(.examCreationsPerFaculty, String(facultyID))], logger: logger)
    }

    /// One write of `kind` (a limit per account: question changes, imports, regrades, exam-day
    /// changes, practice sessions and answers) by the account `userID`, counted as it begins.
    func write(_ kind: Kind, userID: Int, logger: Logger) async throws -> Decision {
        try await begin([counter(kind, String(userID))], logger: logger)
    }

    /// A sign-in with the school's account begins (`GET /auth/oidc/start`): counted per
    /// address, and refused while the address's failed ones are over their limit.
    func schoolSignInStart(clientAddress: String, logger: Logger) async throws -> Decision {
        let address = Self.addressKey(clientAddress)
        return try await begin(
            [counter(.schoolSignInsPerAddress, address), counter(.schoolSignInFailuresPerAddress, address, counts: .failures)],
            logger: logger)
    }

    /// A sign-in with the school's account comes back (the callback, or its password): only a
    /// failure counts, per address.
    func schoolSignInFinish(clientAddress: String, logger: Logger) async throws -> Decision {
        try await begin([counter(.schoolSignInFailuresPerAddress, Self.addressKey(clientAddress), counts: .failures)], logger: logger)
    }

    /// An app spends its sign-in code (`POST /api/auth/app/token`): failures count, per address.
    func appCode(clientAddress: String, logger: Logger) async throws -> Decision {
        try await begin([counter(.appCodeFailuresPerAddress, Self.addressKey(clientAddress), counts: .failures)], logger: logger)
    }

    /// The part of a client address that limits count: the address itself for IPv4 (and for
    /// anything unreadable), the /64 network for IPv6.
    static func addressKey(_ clientAddress: String) -> String {
        guard let address = IPAddress(clientAddress), address.bytes.count == 16 else { return clientAddress }
        return AddressBlock(network: address, prefixLength: 64).description
    }

    /// A counter of `kind` for `subject` (an address, an account, a user id).
    private struct Named {
        var kind: Kind
        var counter: RateLimitRepository.Counter
        var key: String { counter.key }
    }

    private func counter(_ kind: Kind, _ subject: String, counts: RateLimitRepository.Counting = .attempts) -> Named {
        Named(kind: kind, counter: .init(key: "\(kind.rawValue):\(subject)", limit: limit(kind), counts: counts))
    }

    /// The refusal of the counter `taken` names (`take` checked that its index is one of `named`).
    private func refusal(_ named: [Named], _ taken: RateLimitRepository.Refusal) -> Refusal {
        let refusing = named[taken.index]
        return Refusal(kind: refusing.kind, limit: refusing.counter.limit, retryAfter: taken.retryAfter)
    }

    private func begin(_ named: [Named], resetOnSuccess: [String] = [], logger: Logger) async throws -> Decision {
        let keys = named.map(\.counter)
        if let refusal = try await counters.take(keys, logger: logger) {
            return .limited(self.refusal(named, refusal))
        }
        return .allowed(
            CountedTry(
                counted: keys.filter { $0.counts == .attempts }.map(\.key), failureCounters: keys.filter { $0.counts == .failures },
                resetOnSuccess: resetOnSuccess, counters: counters))
    }
}

/// An attempt that has been checked (and counted where its counters count attempts), and the
/// one owner of how it ended.
struct CountedTry: Sendable {
    let counted: [String]
    /// Counters that count this attempt only if it fails.
    let failureCounters: [RateLimitRepository.Counter]
    let resetOnSuccess: [String]
    let counters: RateLimitRepository

    /// It failed (a wrong password, an unknown code): it stays counted, and the counters of
    /// failures count it now. Even for a request whose client has left: a guesser must not
    /// escape the count by hanging up.
    func failed(logger: Logger) async throws {
        try await Self.evenIfCancelled { [self] in try await counters.addFailure(failureCounters, logger: logger) }
    }

    /// It succeeded, so it was no guess: given back, and the counters named
    /// `resetOnSuccess` start afresh.
    func succeeded(logger: Logger) async throws {
        try await Self.evenIfCancelled { [self] in try await counters.refund(counted, resetting: resetOnSuccess, logger: logger) }
    }

    /// It never came to an answer (the server could not finish it, or its client left):
    /// given back, best effort.
    func abandoned(logger: Logger) async {
        do {
            try await Self.evenIfCancelled { [self] in try await counters.refund(counted, logger: logger) }
        } catch {
            logger.warning("could not give back an abandoned attempt", metadata: ["error": "\(error)"])
        }
    }

    /// Runs `body` in a task of its own: a request whose client has left is cancelled, and
    /// its attempt must still be given back (or counted), or the owner would pay for the
    /// dropped connection.
    private static func evenIfCancelled(_ body: @escaping @Sendable () async throws -> Void) async throws {
        try await Task { try await body() }.value
    }
}

import Logging

/// Checks a password as a login does, everywhere a password is asked for (login, password
/// change, account deletion): counted by the login limits before the hash is computed, the
/// same work for an unknown account as for a wrong password, and a wrong one counted as a
/// failed login.
struct PasswordCheck: Sendable {
    let users: UserRepository
    let hasher: PasswordHasher
    let limiter: RateLimiter

    enum Outcome: Sendable {
        case verified(UserRecord)
        case wrong
        case limited(RateLimiter.Refusal)
    }

    func check(emailKey: String, password: String, clientAddress: String, logger: Logger) async throws -> Outcome {
        // In a sign-in surge most tries are refused (503, in line): refused before the limits'
        // writes and the account's read, they cost the server and the database almost nothing.
        try hasher.admits(.high)
        let counted: CountedTry
        switch try await limiter.login(emailKey: emailKey, clientAddress: clientAddress, logger: logger) {
        case .limited(let refusal):
            return .limited(refusal)
        case .allowed(let allowed):
            counted = allowed
        }
        let verified: UserRecord?
        do {
            let user = try await users.find(emailKey: emailKey, logger: logger)
            verified = try await hasher.verify(password, against: user?.passwordHash) ? user : nil
        } catch {
            await counted.abandoned(logger: logger)
            throw error
        }
        guard let user = verified else {
            try await counted.failed(logger: logger)
            return .wrong
        }
        try await counted.succeeded(logger: logger)
        return .verified(user)
    }
}

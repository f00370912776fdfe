import Logging

/// Checks a password as a login does, everywhere a password is asked for (login, password
/// change, account deletion): counted by the login limits before the hash is computed, the
/// same work for an unknown account as for a wrong password, and a wrong one counted as a
/// failed login.
struct PasswordCheck: Sendable {
    let users: UserRepository
    let hasher: PasswordHasher
    let limiter: AttemptLimiter

    enum Outcome: Sendable {
        case verified(UserRecord)
        case wrong
        case limited(AttemptLimiter.Refusal)
    }

    func check(emailKey: String, password: String, clientAddress: String, logger: Logger) async throws -> Outcome {
        let attempt: Attempt
        switch try await limiter.login(emailKey: emailKey, clientAddress: clientAddress, logger: logger) {
        case .limited(let refusal):
            return .limited(refusal)
        case .allowed(let allowed):
            attempt = allowed
        }
        let verified: UserRecord?
        do {
            let user = try await users.find(emailKey: emailKey, logger: logger)
            verified = try await hasher.verify(password, against: user?.passwordHash) ? user : nil
        } catch {
            await attempt.abandoned(logger: logger)
            throw error
        }
        guard let user = verified else {
            try await attempt.failed(logger: logger)
            return .wrong
        }
        try await attempt.succeeded(logger: logger)
        return .verified(user)
    }
}

extension APIError {
    /// 429 naming the limit that was hit and when it frees up.
    static func limited(_ refusal: AttemptLimiter.Refusal) -> APIError {
        .tooManyAttempts(refusal.message, retryAfter: refusal.retryAfter)
    }
}

import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// Registering and signing in, the same for the API and the pages: the limits, the hashing,
/// the metrics and the upgrade of old hashes live here once; each caller turns the outcome into
/// its own answer (JSON or a page).
struct Accounts: Sendable {
    let users: UserRepository
    let hasher: PasswordHasher
    let limiter: RateLimiter
    let passwords: PasswordCheck
    let metrics: AppMetrics

    enum Registering: Sendable {
        case created(userID: Int)
        case emailTaken
        case limited(RateLimiter.Refusal)
    }

    enum SigningIn: Sendable {
        case signedIn(UserRecord)
        /// Unknown email and wrong password alike (one message, the same work).
        case wrong
        case limited(RateLimiter.Refusal)
        /// The password was right, but an admin disabled the account.
        case disabled
    }

    /// A taken email is answered before any hashing (the answer tells that it exists anyway).
    /// The password must have passed the password rule (`PasswordRule`).
    func register(email: EmailAddress, password: String, role: Role, clientAddress: String, logger: Logger) async throws -> Registering {
        // Refused before any database work when the hashing queue would refuse it anyway.
        try hasher.admits(.normal)
        if case .limited(let refusal) = try await limiter.registration(clientAddress: clientAddress, logger: logger) {
            return .limited(refusal)
        }
        guard try await !users.isRegistered(emailKey: email.key, logger: logger) else { return .emailTaken }
        let hash = try await hasher.hash(password)
        switch try await users.create(email: email, passwordHash: hash, role: role, logger: logger) {
        case .created(let userID):
            logger.info("registered user", metadata: ["user_id": "\(userID)", "role": "\(role.name)"])
            return .created(userID: userID)
        case .emailTaken:
            return .emailTaken
        }
    }

    /// Unknown email and wrong password get the same outcome and hashing work (`PasswordCheck`);
    /// the attempt is counted before the hash is computed. `email` and `password` are not blank.
    func signIn(email: String, password: String, clientAddress: String, logger: Logger) async throws -> SigningIn {
        guard let emailKey = EmailAddress.lookupKey(email) else { return .wrong }
        switch try await passwords.check(emailKey: emailKey, password: password, clientAddress: clientAddress, logger: logger) {
        case .limited(let refusal):
            metrics.recordLogin(.rateLimited)
            return .limited(refusal)
        case .wrong:
            metrics.recordLogin(.failed)
            return .wrong
        case .verified(let user) where user.disabled:
            metrics.recordLogin(.failed)
            logger.info("login refused: account disabled", metadata: ["user_id": "\(user.id)"])
            return .disabled
        case .verified(let user):
            metrics.recordLogin(.succeeded)
            await upgradeHashIfNeeded(user: user, password: password, logger: logger)
            logger.info("login", metadata: ["user_id": "\(user.id)"])
            return .signedIn(user)
        }
    }

    enum Confirming: Sendable {
        case confirmed(UserRecord)
        case wrong
        case limited(RateLimiter.Refusal)
        /// The account is gone (deleted meanwhile).
        case noAccount
    }

    /// Whether `password` is the signed-in user's, checked as a login is (a wrong one counts as
    /// a failed login): what a password change or an account's deletion asks first.
    func confirm(userID: Int, password: String, clientAddress: String, logger: Logger) async throws -> Confirming {
        guard let user = try await users.find(id: userID, logger: logger) else { return .noAccount }
        let emailKey = user.emailKey ?? EmailAddress.key(user.email)
        switch try await passwords.check(emailKey: emailKey, password: password, clientAddress: clientAddress, logger: logger) {
        case .verified(let verified) where verified.id == user.id:
            return .confirmed(verified)
        case .verified, .wrong:
            metrics.recordLogin(.failed)
            return .wrong
        case .limited(let refusal):
            metrics.recordLogin(.rateLimited)
            return .limited(refusal)
        }
    }

    /// Sets a new password (it must have passed `PasswordRule`) and ends every other
    /// session of the user: the one making the change stays open.
    func changePassword(userID: Int, to newPassword: String, keeping sessionID: UUID, sessions: SessionRepository, logger: Logger)
        async throws
    {
        let hash = try await hasher.hash(newPassword)
        try await users.changePassword(userID: userID, to: hash, keeping: sessionID, logger: logger)
        sessions.forgetSessions(ofUser: userID)
        logger.info("changed password", metadata: ["user_id": "\(userID)"])
    }

    /// The person's own language (nil: none), for their pages, mails and messages from now on:
    /// the sessions this replica remembers forget their old setting at once (other replicas'
    /// within their cache's time to live). False when there is no such account.
    func setLanguage(userID: Int, to language: Language?, sessions: SessionRepository, logger: Logger) async throws -> Bool {
        guard try await users.setLanguage(userID: userID, to: language, logger: logger) else { return false }
        sessions.forgetSessions(ofUser: userID)
        return true
    }

    /// Re-hashes a password stored with an older scheme or cost (the first version's bcrypt).
    /// A failure here must not fail the login; it is logged and retried at the next one.
    private func upgradeHashIfNeeded(user: UserRecord, password: String, logger: Logger) async {
        do {
            guard try await hasher.needsRehash(user.passwordHash) else { return }
            let newHash = try await hasher.hash(password)
            try await users.updatePasswordHash(userID: user.id, to: newHash, logger: logger)
            logger.info("upgraded password hash", metadata: ["user_id": "\(user.id)", "scheme": "\(hasher.scheme)"])
        } catch {
            logger.warning("could not upgrade password hash", metadata: ["user_id": "\(user.id)", "error": "\(error)"])
        }
    }
}

import ExamPrepShared
import Foundation
import Hummingbird
import Logging

/// Password resets, the same for the API and the pages: links made by an admin or a teacher,
/// links mailed on request, and setting the new password with one. A reset ends every session
/// of the account.
struct PasswordResets: Sendable {
    let resets: PasswordResetRepository
    let sessions: SessionRepository
    let hasher: PasswordHasher
    let limiter: RateLimiter
    let links: OneTimeLinks
    /// Nil: no mail is sent (`SMTP_URL` unset).
    let mail: MailOutbox?

    /// The page a reset link opens.
    static func path(token: String) -> String { "/reset/" + token }

    /// A link for `userID`, made by `creatorID` (an admin's is `audited` with the client's
    /// address); nil when there is no such account.
    func link(for userID: Int, by creatorID: Int, audited clientAddress: String?, request: Request, logger: Logger) async throws
        -> OneTimeLink?
    {
        let token = RefreshTokens.generate()
        guard
            let expiresAt = try await resets.issue(
                userID: userID, tokenHash: token.hash, by: creatorID, audited: clientAddress, logger: logger)
        else { return nil }
        logger.info("made a password reset link", metadata: ["user_id": "\(userID)", "by": "\(creatorID)"])
        return OneTimeLink(url: links.url(path: Self.path(token: token.token), request: request), expiresAt: expiresAt)
    }

    /// Mails a link to the account of `email` if there is an enabled one. The same work and
    /// answer either way (a token is made and one statement runs); the mail is sent later,
    /// off the request's path.
    func requestByMail(email: EmailAddress, clientAddress: String, request: Request, logger: Logger) async throws
        -> RateLimiter.Refusal?
    {
        if case .limited(let refusal) = try await limiter.passwordReset(emailKey: email.key, clientAddress: clientAddress, logger: logger) {
            return refusal
        }
        let token = RefreshTokens.generate()
        guard let account = try await resets.issue(emailKey: email.key, tokenHash: token.hash, logger: logger) else { return nil }
        let url = links.url(path: Self.path(token: token.token), request: request)
        mail?.send(ResetMail(to: account.email, url: url, expiresAt: account.expiresAt).message, logger: logger)
        return nil
    }

    /// Whether a link's token still works (the page shows its form only then).
    func isUsable(token: String, logger: Logger) async throws -> Bool {
        guard let tokenHash = OneTimeLinks.hash(presented: token) else { return false }
        return try await resets.isUsable(tokenHash: tokenHash, logger: logger)
    }

    enum Completion: Sendable {
        case done(userID: Int)
        /// Used, expired, or never made.
        case gone
    }

    /// Sets `newPassword` (it must have passed `Validators.newPassword`) with the link's token:
    /// every session of the account ends. A token that is not a usable link costs no hashing.
    func complete(token: String, newPassword: String, logger: Logger) async throws -> Completion {
        guard let tokenHash = OneTimeLinks.hash(presented: token), try await resets.isUsable(tokenHash: tokenHash, logger: logger) else {
            return .gone
        }
        let hash = try await hasher.hash(newPassword)
        guard let userID = try await resets.complete(tokenHash: tokenHash, passwordHash: hash, logger: logger) else { return .gone }
        sessions.forgetSessions(ofUser: userID)
        logger.info("reset password", metadata: ["user_id": "\(userID)"])
        return .done(userID: userID)
    }
}

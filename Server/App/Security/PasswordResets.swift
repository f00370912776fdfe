import ExamPrepRules
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

    /// Why a teacher may not make a link for a student of their course.
    static func notTheTeachersToReset(_ studentID: Int) -> Message {
        Message("api-faculty.reset-not-yours", ["student": .integer(studentID)])
    }

    /// The page a reset link opens.
    static func path(token: String) -> String { "/reset/" + token }

    /// An admin's link for the account `userID` (audited); nil when there is no such account.
    func link(for userID: Int, byAdmin adminID: Int, clientAddress: String, logger: Logger) async throws -> OneTimeLink? {
        let token = RefreshTokens.generate()
        guard
            let expiresAt = try await resets.issue(
                userID: userID, tokenHash: token.hash, byAdmin: adminID, clientAddress: clientAddress, logger: logger)
        else { return nil }
        return made(token, for: userID, by: adminID, expiresAt: expiresAt, logger: logger)
    }

    /// A teacher's link for a student of their course whose account the teacher's class list
    /// made and who never chose a password (audited); nil for any other student.
    func link(
        forClassListAccount studentID: Int, courseID: Int, teacherID: Int, clientAddress: String, logger: Logger
    ) async throws -> OneTimeLink? {
        let token = RefreshTokens.generate()
        guard
            let expiresAt = try await resets.issue(
                classListAccount: studentID, courseID: courseID, teacherID: teacherID, tokenHash: token.hash,
                clientAddress: clientAddress, logger: logger)
        else { return nil }
        return made(token, for: studentID, by: teacherID, expiresAt: expiresAt, logger: logger)
    }

    private func made(_ token: (token: String, hash: [UInt8]), for userID: Int, by creatorID: Int, expiresAt: Date, logger: Logger)
        -> OneTimeLink
    {
        logger.info("made a password reset link", metadata: ["user_id": "\(userID)", "by": "\(creatorID)"])
        return OneTimeLink(url: links.url(path: Self.path(token: token.token)), expiresAt: expiresAt)
    }

    /// Mails a link to the account of `email` if there is an enabled one. The same work and
    /// answer either way: room in the outbox is held first, then one transaction counts the
    /// request and makes the link if the account exists; the mail is sent later, off the
    /// request's path. The mail is in the account's own language, else in the request's.
    func requestByMail(
        email: EmailAddress, clientAddress: String, language: Language = .en, logger: Logger
    ) async throws -> RateLimiter.Refusal? {
        let token = RefreshTokens.generate()
        return try await mail.mailing(1, for: .anonymous, logger: logger) {
            let issued = try await resets.issue(
                emailKey: email.key, tokenHash: token.hash, clientAddress: clientAddress,
                admit: { try await limiter.passwordReset(emailKey: email.key, clientAddress: clientAddress, in: $0) }, logger: logger)
            switch issued {
            case .limited(let refusal): return (refusal, [])
            case .noAccount: return (nil, [])
            case .issued(let address, let setting, let expiresAt):
                let url = links.url(path: Self.path(token: token.token))
                return (
                    nil,
                    [
                        LinkMail.reset(to: address, url: url, expiresAt: expiresAt, language: setting ?? language, timeZone: links.timeZone)
                            .message
                    ]
                )
            }
        }
    }

    /// Whether a link's token still works (the page shows its form only then).
    func isUsable(token: String, logger: Logger) async throws -> Bool {
        guard let tokenHash = OneTimeLinks.hash(presented: token) else { return false }
        return try await resets.isUsable(tokenHash: tokenHash, logger: logger)
    }

    /// The account a working link is for (its address; whether it sets its first password).
    func usableLink(token: String, logger: Logger) async throws -> (email: String, isNew: Bool)? {
        guard let tokenHash = OneTimeLinks.hash(presented: token) else { return nil }
        return try await resets.usableLink(tokenHash: tokenHash, logger: logger)
    }

    enum Completion: Sendable {
        case done(userID: Int)
        /// Used, expired, or never made.
        case gone
    }

    /// Sets `newPassword` (it must have passed `PasswordRule`) with the link's token:
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

import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// A teacher registering with an address of the school's domains (`FACULTY_REGISTRATION=domain:…`):
/// a typed address proves nothing, so the account is not made at once. The address gets a
/// confirmation link (an invitation of its own, a day long) and the account exists once its
/// owner opens the link and chooses a password there; the password sent with the registration
/// is not kept, since whoever typed the address need not own it.
struct DomainRegistration: Sendable {
    let invitations: InvitationRepository
    let limiter: RateLimiter
    let links: OneTimeLinks
    /// The server refuses to start with domain registration and no mail.
    let mail: MailOutbox?

    enum Outcome: Sendable {
        case mailed
        case emailTaken
        case limited(RateLimiter.Refusal)
    }

    /// `language`: the confirmation mail's (the request's).
    func register(email: EmailAddress, clientAddress: String, language: Language = .en, logger: Logger) async throws -> Outcome {
        let decision = try await limiter.registrationConfirmation(emailKey: email.key, clientAddress: clientAddress, logger: logger)
        if case .limited(let refusal) = decision { return .limited(refusal) }
        let token = RefreshTokens.generate()
        return try await mail.mailing(1, for: .anonymous, logger: logger) {
            switch try await invitations.createRegistration(email: email, role: .faculty, tokenHash: token.hash, logger: logger) {
            case .emailTaken:
                return (.emailTaken, [])
            case .created(let id, let expiresAt, _):
                logger.info("faculty registration awaits its confirmation", metadata: ["invitation_id": "\(id)"])
                let url = links.url(path: InvitationActions.path(token: token.token))
                return (
                    .mailed,
                    [
                        LinkMail.registration(
                            to: email.display, url: url, expiresAt: expiresAt, language: language, timeZone: links.timeZone
                        ).message
                    ]
                )
            }
        }
    }
}

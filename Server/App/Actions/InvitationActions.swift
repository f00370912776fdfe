import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// An invitation, one use case for the API (`POST /api/admin/invitations`,
/// `POST /api/invitations/{token}`) and the pages (`POST /admin/invitations`,
/// `POST /invitations/{token}`). An admin invites: the link's token, the invitation and its
/// audit entry in one transaction (`InvitationRepository.create`), then its mail when the server
/// sends mail (room for it held before the work, `MailOutbox`). The invited person accepts once:
/// the password rule first (`PasswordRule`), then the account.
struct InvitationActions: Sendable {
    let invitations: InvitationRepository
    let hasher: PasswordHasher
    let links: OneTimeLinks
    /// Nil: invitations are not mailed (`SMTP_URL` unset); the admin passes the link on.
    let mail: MailOutbox?

    /// The page an invitation's link opens.
    static func path(token: String) -> String { "/invitations/" + token }

    enum Inviting: Sendable {
        case invited(OneTimeLink)
        case emailTaken
        /// Students register themselves.
        case notInvitable
    }

    /// `language`: the invitation's mail and the account it makes speak it; `name` (already
    /// checked, `PersonName`): the account's name.
    func invite(
        email: EmailAddress, role: Role, by adminID: Int, language: Language = .en, name: String? = nil, clientAddress: String,
        logger: Logger
    ) async throws -> Inviting {
        guard role != .student else { return .notInvitable }
        let token = RefreshTokens.generate()
        return try await mail.mailing(1, for: .account(adminID), logger: logger) {
            switch try await invitations.create(
                email: email, role: role, tokenHash: token.hash, invitedBy: adminID, language: language, name: name,
                clientAddress: clientAddress, logger: logger)
            {
            case .created(let id, let expiresAt, let inviter):
                logger.info("invited", metadata: ["invitation_id": "\(id)", "role": "\(role.name)"])
                let url = links.url(path: Self.path(token: token.token))
                let message = LinkMail.invitation(
                    to: email.display, role: role, url: url, expiresAt: expiresAt, language: language, by: inviter ?? "",
                    timeZone: links.timeZone
                ).message
                return (.invited(OneTimeLink(url: url, expiresAt: expiresAt)), [message])
            case .emailTaken:
                return (.emailTaken, [])
            }
        }
    }

    /// The invitation a link's token names, if it can still be accepted.
    func pending(token: String, logger: Logger) async throws -> (email: String, role: Role)? {
        guard let tokenHash = OneTimeLinks.hash(presented: token) else { return nil }
        return try await invitations.pending(tokenHash: tokenHash, logger: logger)
    }

    /// Makes the invited account with `password`, which must pass the password rule
    /// (`PasswordRule`: `InvalidInput` before the token is looked at). A token
    /// that is not a pending invitation's costs no hashing.
    func accept(token: String, password: String, logger: Logger) async throws -> InvitationRepository.Acceptance {
        try PasswordRule.check(password, maxBytes: hasher.scheme.maxPasswordBytes)
        guard let tokenHash = OneTimeLinks.hash(presented: token),
            try await invitations.pending(tokenHash: tokenHash, logger: logger) != nil
        else { return .gone }
        let hash = try await hasher.hash(password)
        let acceptance = try await invitations.accept(tokenHash: tokenHash, passwordHash: hash, logger: logger)
        if case .accepted(let userID, let role, _) = acceptance {
            logger.info("accepted invitation", metadata: ["user_id": "\(userID)", "role": "\(role.name)"])
        }
        return acceptance
    }
}

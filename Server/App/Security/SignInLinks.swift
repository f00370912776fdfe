import Foundation
import Logging

/// One-time sign-in links: a token of 256 random bits that signs one browser in as the session's
/// person, once, within `lifetime`. Only its SHA-256 is stored (`SignInLinkRepository`).
struct SignInLinks: Sendable {
    let links: SignInLinkRepository
    /// How long a link works (a minute: it is made to be opened at once).
    static let lifetime: TimeInterval = 60

    struct Issued: Sendable {
        var token: String
        var expiresAt: Date
    }

    func issue(sessionID: UUID, logger: Logger) async throws -> Issued {
        let token = RefreshTokens.generate()
        let expiresAt = links.clock.now().addingTimeInterval(Self.lifetime)
        try await links.create(tokenHash: token.hash, sessionID: sessionID, expiresAt: expiresAt, logger: logger)
        return Issued(token: token.token, expiresAt: expiresAt)
    }

    /// Spends the link of `token`; a token of the wrong shape is never looked up.
    func redeem(token: String, logger: Logger) async throws -> SignInLinkRepository.Redemption {
        guard RefreshTokens.isWellFormed(token) else { return .expired }
        return try await links.redeem(tokenHash: RefreshTokens.hash(token), logger: logger)
    }
}

import ExamPrepRules
import Foundation
import JWTKit

/// The claims of an ID token that ExamPrep reads. Every one is optional here, so that a token
/// without one is refused by `IDTokenCheck` with its reason, not as an undecodable token.
/// `verify(using:)` checks nothing: the signature is checked by jwt-kit, the claims by
/// `IDTokenCheck` against the server's clock.
struct IDTokenClaims: JWTPayload {
    var iss: String?
    var sub: String?
    var aud: AudienceClaim?
    var azp: String?
    var exp: ExpirationClaim?
    var iat: IssuedAtClaim?
    var nonce: String?
    var email: String?
    var emailVerified: BoolClaim?
    /// Microsoft Entra's "email domain owner verified", which it sends instead of `email_verified`.
    var emailDomainOwnerVerified: BoolClaim?
    /// Microsoft Entra's tenant.
    var tid: String?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, azp, exp, iat, nonce, email, tid
        case emailVerified = "email_verified"
        case emailDomainOwnerVerified = "xms_edov"
    }

    func verify(using algorithm: some JWTAlgorithm) throws {}
}

/// The person an ID token vouches for, once `IDTokenCheck` has accepted it.
struct SchoolIdentity: Sendable, Equatable {
    var issuer: String
    var subject: String
    var email: EmailAddress
}

/// The rules an ID token's claims must pass (after its signature): the issuer, this app as its
/// audience, its times with a small skew, the nonce of this browser's sign-in, a verified
/// address of one of the allowed domains, and (when listed) an allowed Microsoft tenant.
struct IDTokenCheck: Sendable {
    let issuer: String
    let clientID: String
    let allowedDomains: [String]
    let allowedTenants: [String]
    /// How far the provider's clock may differ from ours.
    static let skew: TimeInterval = 120

    /// Why a token's claims were refused, for the log and the page.
    enum Refusal: Error, Equatable {
        /// Issuer, audience, times, nonce or a missing claim: the token is not for this sign-in.
        case untrusted(String)
        case unverifiedAddress
        case otherDomain
        case otherTenant
    }

    func identity(of claims: IDTokenClaims, nonce: String, now: Date) throws(Refusal) -> SchoolIdentity {
        guard claims.iss == issuer else { throw .untrusted("the issuer is not \(issuer)") }
        guard let audiences = claims.aud?.value, audiences.contains(clientID) else { throw .untrusted("the audience is not this app") }
        if audiences.count > 1, claims.azp != clientID { throw .untrusted("another app is the token's authorized party") }
        guard let expires = claims.exp?.value, expires.addingTimeInterval(Self.skew) > now else {
            throw .untrusted("the token has expired")
        }
        guard let issued = claims.iat?.value, issued.addingTimeInterval(-Self.skew) <= now else {
            throw .untrusted("the token was issued in the future")
        }
        guard let tokenNonce = claims.nonce, Self.equal(tokenNonce, nonce) else { throw .untrusted("the nonce is not this sign-in's") }
        guard let subject = claims.sub, !subject.isEmpty, subject.count <= 255 else { throw .untrusted("the token names no subject") }
        guard let text = claims.email, let email = try? EmailAddress(validating: text) else { throw .unverifiedAddress }
        // Microsoft Entra sends no email_verified for a school's accounts; its xms_edov counts then.
        let verified = claims.emailVerified.map(\.value) ?? claims.emailDomainOwnerVerified?.value ?? false
        guard verified else { throw .unverifiedAddress }
        let domain = email.display.split(separator: "@").last.map { $0.lowercased() } ?? ""
        guard allowedDomains.contains(domain) else { throw .otherDomain }
        if !allowedTenants.isEmpty, !allowedTenants.contains(claims.tid?.lowercased() ?? "") { throw .otherTenant }
        return SchoolIdentity(issuer: issuer, subject: subject, email: email)
    }

    /// Compares in time that does not depend on where the two differ.
    private static func equal(_ left: String, _ right: String) -> Bool {
        let (a, b) = (Array(left.utf8), Array(right.utf8))
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

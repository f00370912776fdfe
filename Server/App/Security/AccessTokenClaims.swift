import ExamPrepShared
import Foundation
import JWTKit

/// The claims of an access token. `verify(using:)` checks issuer and audience; the times
/// (`exp`, and `iat` not in the future) are checked by `AccessTokens` against the server's
/// clock, so it can answer `token_expired` rather than a generic 401.
struct AccessTokenClaims: JWTPayload {
    static let issuer = "examprep"
    static let audience = "examprep-api"
    /// How far in the future `iat` may lie (clock skew between replicas).
    static let maxClockSkew: TimeInterval = 30

    var sub: SubjectClaim
    var role: String
    var iat: IssuedAtClaim
    var exp: ExpirationClaim
    var iss: IssuerClaim
    var aud: AudienceClaim
    var jti: IDClaim
    var sid: String

    func verify(using algorithm: some JWTAlgorithm) throws {
        guard iss.value == Self.issuer else {
            throw JWTError.claimVerificationFailure(failedClaim: iss, reason: "unexpected issuer")
        }
        try aud.verifyIntendedAudience(includes: Self.audience)
    }
}

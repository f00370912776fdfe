import JWT

/// The claims of an ExamPrep access token, as its server issues them (HS256): the user in `sub`,
/// the role's name, the session in `sid`, issuer `examprep` and audience `examprep-api`.
struct AccessTokenPayload: JWTPayload {
    var sub: SubjectClaim
    var role: String
    var exp: ExpirationClaim
    var iss: IssuerClaim
    var aud: AudienceClaim
    var sid: String

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
        guard iss.value == "examprep" else {
            throw JWTError.claimVerificationFailure(failedClaim: iss, reason: "unexpected issuer")
        }
        try aud.verifyIntendedAudience(includes: "examprep-api")
    }
}

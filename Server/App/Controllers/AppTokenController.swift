import ExamPrepShared
import Hummingbird
import Logging

/// `POST /api/auth/app/token`: an app (`examprep login --browser`) spends the one-time code the
/// browser brought to its loopback address, with the PKCE verifier of the challenge it sent and
/// the same `redirectUri`, for the usual tokens (a session of its own). A code is tried once;
/// failures count per client address.
struct AppTokenController {
    let requests: AppSignInRepository
    let issuer: SessionIssuer
    let limiter: RateLimiter

    func addRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.post(RouterPath(APIPaths.appToken), use: token)
    }

    @Sendable func token(_ request: Request, context: AppRequestContext) async throws -> LoginResponse {
        let body = try await request.decode(as: AppTokenRequest.self, context: context)
        guard RefreshTokens.isWellFormed(body.code), RefreshTokens.isWellFormed(body.codeVerifier), body.redirectUri.utf8.count <= 200
        else { throw HTTPFailure.validation(SchoolSignInText.appCodeInvalid) }
        let attempt: CountedTry
        switch try await limiter.appCode(clientAddress: context.clientAddress, logger: context.logger) {
        case .limited(let refusal): throw HTTPFailure.limited(refusal)
        case .allowed(let counted): attempt = counted
        }
        guard let redeemed = try await requests.redeem(codeHash: RefreshTokens.hash(body.code), logger: context.logger),
            redeemed.request.redirectURI == body.redirectUri,
            SchoolSignIn.challenge(of: body.codeVerifier) == redeemed.request.codeChallenge
        else {
            try await attempt.failed(logger: context.logger)
            throw HTTPFailure.validation(SchoolSignInText.appCodeInvalid)
        }
        try await attempt.succeeded(logger: context.logger)
        context.logger.info("app signed in from the browser", metadata: ["user_id": "\(redeemed.userID)"])
        return try await issuer.open(
            userID: redeemed.userID, role: redeemed.role, userAgent: request.headers[.userAgent].map { String($0.prefix(256)) },
            logger: context.logger)
    }
}

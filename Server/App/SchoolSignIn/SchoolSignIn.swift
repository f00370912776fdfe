import Crypto
import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// Sign-in with the school's accounts, the authorization code flow with PKCE: `start` keeps a
/// new state, nonce and verifier (bound to this browser's flow cookie) and names the provider's
/// address to send the browser to; `finish` spends them once, exchanges the code, checks the ID
/// token and finds the account by `(iss, sub)` (`SchoolIdentityRepository`). Every failure is a
/// `Failure` that the page says in words and the log records without the token.
struct SchoolSignIn: Sendable {
    let provider: OpenIDProvider
    let flows: SchoolSignInRepository
    let identities: SchoolIdentityRepository
    let limiter: RateLimiter
    let origin: LinkOrigin
    let allowedDomains: [String]

    static let startPath = "/auth/oidc/start"
    static let callbackPath = "/auth/oidc/callback"
    static let linkPath = "/auth/oidc/link"

    /// The address registered with the provider: `PUBLIC_URL` + the callback's path (never a
    /// request's `Host`).
    var redirectURI: String { origin.origin + Self.callbackPath }

    enum Failure: Error, Equatable {
        case stateUnknown
        case providerRefused(String)
        case unavailable
        case untrusted
        case unverifiedAddress
        case otherDomain
        case otherTenant
        case noAccount(String)
        case disabled
        case linkedElsewhere
        case limited(RateLimiter.Refusal)
    }

    /// Where a finished sign-in goes.
    enum Finished: Sendable {
        case signedIn(userID: Int, role: Role, next: String?)
        /// The account has a password: the page asks for it (`held` is the form's token).
        case needsPassword(held: String, email: String, next: String?)
    }

    /// Keeps a new sign-in of the browser whose flow cookie is `browserToken` and returns the
    /// provider's address for it.
    func start(next: String?, browserToken: String, clientAddress: String, logger: Logger) async throws -> URL {
        if case .limited(let refusal) = try await limiter.schoolSignInStart(clientAddress: clientAddress, logger: logger) {
            throw Failure.limited(refusal)
        }
        let state = RefreshTokens.generate()
        let nonce = RefreshTokens.generate().token
        let verifier = RefreshTokens.generate().token
        do {
            let url = try await provider.authorizationURL(
                state: state.token, nonce: nonce, codeChallenge: Self.challenge(of: verifier), redirectURI: redirectURI)
            try await flows.start(
                stateHash: state.hash, browserHash: RefreshTokens.hash(browserToken),
                started: .init(nonce: nonce, verifier: verifier, next: next), logger: logger)
            return url
        } catch let failure as OpenIDProvider.Failure {
            logger.warning("school sign-in could not start", metadata: ["reason": "\(Self.reason(failure))"])
            throw Failure.unavailable
        }
    }

    /// The callback: `state` and `code` (or the provider's `error`) as the provider sent them.
    func finish(
        state: String?, code: String?, error: String?, browserToken: String?, clientAddress: String, logger: Logger
    ) async throws -> Finished {
        let attempt: CountedTry
        switch try await limiter.schoolSignInFinish(clientAddress: clientAddress, logger: logger) {
        case .limited(let refusal): throw Failure.limited(refusal)
        case .allowed(let counted): attempt = counted
        }
        do {
            let finished = try await resolve(state: state, code: code, error: error, browserToken: browserToken, logger: logger)
            try await attempt.succeeded(logger: logger)
            return finished
        } catch let failure as Failure {
            logger.notice("school sign-in refused", metadata: ["reason": "\(failure)"])
            if failure != .unavailable { try await attempt.failed(logger: logger) } else { await attempt.abandoned(logger: logger) }
            throw failure
        }
    }

    private func resolve(state: String?, code: String?, error: String?, browserToken: String?, logger: Logger) async throws -> Finished {
        guard let state, RefreshTokens.isWellFormed(state), let browserToken, RefreshTokens.isWellFormed(browserToken),
            let started = try await flows.take(
                stateHash: RefreshTokens.hash(state), browserHash: RefreshTokens.hash(browserToken), logger: logger)
        else { throw Failure.stateUnknown }
        if let error { throw Failure.providerRefused(Self.printable(error)) }
        guard let code, !code.isEmpty, code.utf8.count <= 4096 else { throw Failure.providerRefused("no code") }
        let identity: SchoolIdentity
        do throws(OpenIDProvider.Failure) {
            identity = try await provider.identity(code: code, verifier: started.verifier, nonce: started.nonce, redirectURI: redirectURI)
        } catch {
            logger.warning("school sign-in: the provider's answer was refused", metadata: ["reason": "\(Self.reason(error))"])
            throw Self.failure(error)
        }
        switch try await identities.resolve(identity, logger: logger) {
        case .signedIn(let userID, let role):
            logger.info("school sign-in", metadata: ["user_id": "\(userID)"])
            return .signedIn(userID: userID, role: role, next: started.next)
        case .needsPassword(let userID):
            let held = RefreshTokens.generate()
            try await flows.hold(
                .init(identity: identity, userID: userID, next: started.next), tokenHash: held.hash,
                browserHash: RefreshTokens.hash(browserToken), logger: logger)
            return .needsPassword(held: held.token, email: identity.email.display, next: started.next)
        case .disabled: throw Failure.disabled
        case .linkedElsewhere: throw Failure.linkedElsewhere
        case .noAccount: throw Failure.noAccount(identity.email.display)
        }
    }

    /// PKCE's S256: base64url(SHA-256(verifier)).
    static func challenge(of verifier: String) -> String {
        Base64URL.encode(SHA256.hash(data: Data(verifier.utf8)))
    }

    /// The provider's `error` as a page may show it: short, printable ASCII.
    static func printable(_ text: String) -> String {
        String(String(text.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }).prefix(64))
    }

    private static func failure(_ error: OpenIDProvider.Failure) -> Failure {
        switch error {
        case .unavailable: .unavailable
        case .refused(.untrusted): .untrusted
        case .refused(.unverifiedAddress): .unverifiedAddress
        case .refused(.otherDomain): .otherDomain
        case .refused(.otherTenant): .otherTenant
        }
    }

    private static func reason(_ error: OpenIDProvider.Failure) -> String {
        switch error {
        case .unavailable(let why): "provider unavailable: \(why)"
        case .refused(.untrusted(let why)): "token refused: \(why)"
        case .refused(let refusal): "token refused: \(refusal)"
        }
    }
}

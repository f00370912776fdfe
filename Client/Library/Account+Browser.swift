import ExamPrepShared
import Foundation

/// Signing in through the system browser (`examprep login --browser`, RFC 8252): the browser
/// signs in on the server's pages (a password, or the school's account) and brings a one-time
/// code to the app's loopback address; the app spends it here with its PKCE verifier.
extension Account {
    /// The page to open: `GET /auth/app/start` with the loopback `redirectURI`, the PKCE
    /// `challenge` (S256) and `state`.
    public nonisolated func browserSignInURL(redirectURI: String, challenge: String, state: String) -> URL? {
        var components = URLComponents(url: session.api.baseURL.appending(path: AppSignIn.startPath), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: AppSignIn.redirectURIItem, value: redirectURI),
            URLQueryItem(name: AppSignIn.codeChallengeItem, value: challenge),
            URLQueryItem(name: AppSignIn.codeChallengeMethodItem, value: "S256"), URLQueryItem(name: AppSignIn.stateItem, value: state),
        ]
        return components?.url
    }

    /// `POST /api/auth/app/token`: spends the browser's `code` with the PKCE `verifier`; stores
    /// the session and loads the profile (the email is known only then).
    @discardableResult
    public func login(browserCode code: String, verifier: String, redirectURI: String) async throws -> UserProfile {
        let response = try await session.send(
            .appToken(AppTokenRequest(code: code, codeVerifier: verifier, redirectUri: redirectURI)))
        let stored = try await session.signIn(with: response, email: nil)
        isLoggedIn = true
        role = stored.role
        profile = nil
        return try await loadProfile()
    }
}

extension APIRequest where Response == LoginResponse {
    public static func appToken(_ body: AppTokenRequest) -> Self {
        .init(.post, APIPaths.appToken, body: body, requiresAuthentication: false)
    }
}

/// `examprep login --browser` (RFC 8252): the app listens on a loopback address, opens
/// `startPath` in the system browser with its `redirect_uri` there, a PKCE challenge (S256) and a
/// state; once the browser has signed in (password or the school's account) the server sends it
/// to the `redirect_uri` with a one-time `code` and the state, and the app spends the code with
/// its verifier at `POST /api/auth/app/token` for the usual tokens.
public enum AppSignIn {
    /// The page the app opens: `GET /auth/app/start?redirect_uri=&code_challenge=&code_challenge_method=S256&state=`.
    public static let startPath = "/auth/app/start"
    /// The query items of `startPath` and of the redirect back.
    public static let redirectURIItem = "redirect_uri"
    public static let codeChallengeItem = "code_challenge"
    public static let codeChallengeMethodItem = "code_challenge_method"
    public static let stateItem = "state"
    public static let codeItem = "code"
}

/// `POST /api/auth/app/token`: the code the browser brought back to the app's loopback address,
/// the PKCE verifier of its challenge and the same `redirectUri`. Answered with `LoginResponse`.
public struct AppTokenRequest: Codable, Sendable, Hashable {
    public var code: String
    public var codeVerifier: String
    public var redirectUri: String

    public init(code: String, codeVerifier: String, redirectUri: String) {
        self.code = code
        self.codeVerifier = codeVerifier
        self.redirectUri = redirectUri
    }
}

/// `POST /api/token/refresh`.
public struct RefreshTokenRequest: Codable, Sendable, Hashable {
    public var refreshToken: String

    public init(refreshToken: String) { self.refreshToken = refreshToken }
}

/// The answer to a refresh has the login's shape: a new access token and a new refresh token.
public typealias RefreshTokenResponse = LoginResponse

/// `POST /api/logout` (optional body).
public struct LogoutRequest: Codable, Sendable, Hashable {
    public var refreshToken: String?

    public init(refreshToken: String? = nil) { self.refreshToken = refreshToken }
}

/// Which sessions `POST /api/logout` ends: the current one, or (`?scope=all`) every one.
public enum LogoutScope: String, Codable, Sendable, CaseIterable {
    case current
    case all
}

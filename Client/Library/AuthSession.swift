import ExamPrepShared
import Foundation

/// What the client keeps between launches: the tokens and what is known about the user.
public struct AuthSession: Codable, Sendable, Hashable {
    public var accessToken: String
    /// When the access token expires (the server's `exp`).
    public var expiresAt: Date
    public var refreshToken: String?
    public var refreshTokenExpiresAt: Date?
    public var userId: Int?
    public var role: Role?
    public var email: String?
    /// The server that issued the session (`APIClient.origin`: `https://host:port`). Its
    /// tokens are sent to that server only; a session stored by an older version, without
    /// one, is sent nowhere (sign in again).
    public var server: String?

    public init(
        accessToken: String, expiresAt: Date, refreshToken: String? = nil, refreshTokenExpiresAt: Date? = nil,
        userId: Int? = nil, role: Role? = nil, email: String? = nil, server: String? = nil
    ) {
        self.accessToken = accessToken
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
        self.refreshTokenExpiresAt = refreshTokenExpiresAt
        self.userId = userId
        self.role = role
        self.email = email
        self.server = server
    }

    /// The session a login (or a refresh, which has the same shape) starts at `server`.
    /// Fields the answer leaves out are kept from `previous`.
    public init(_ response: LoginResponse, email: String? = nil, previous: AuthSession? = nil, server: String? = nil) {
        self.init(
            accessToken: response.token,
            expiresAt: Date(timeIntervalSince1970: TimeInterval(response.exp)),
            refreshToken: response.refreshToken ?? previous?.refreshToken,
            refreshTokenExpiresAt: response.refreshTokenExp.map { Date(timeIntervalSince1970: TimeInterval($0)) }
                ?? previous?.refreshTokenExpiresAt,
            userId: response.userId ?? previous?.userId,
            role: response.role ?? previous?.role,
            email: email ?? previous?.email,
            server: server ?? previous?.server
        )
    }

    /// Whether the access token is expired, or will be within `leeway` seconds of `now`.
    public func accessTokenExpires(within leeway: TimeInterval, of now: Date) -> Bool {
        expiresAt.timeIntervalSince(now) <= leeway
    }
}

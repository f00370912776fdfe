/// `POST /api/login`.
public struct LoginRequest: Codable, Sendable, Hashable {
    public var email: String
    public var password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

/// `200` answer to `POST /api/login` and to `POST /api/token/refresh`.
///
/// `token`, `exp` (Unix seconds) and `roleId` are the first version's fields; the refresh
/// token and its expiry are new and optional, so the first version's body still decodes.
public struct LoginResponse: Codable, Sendable, Hashable {
    public var success: Bool
    public var token: String
    public var exp: Int
    public var roleId: Int
    public var refreshToken: String?
    public var refreshTokenExp: Int?
    public var userId: Int?

    public init(
        success: Bool = true, token: String, exp: Int, roleId: Int,
        refreshToken: String? = nil, refreshTokenExp: Int? = nil, userId: Int? = nil
    ) {
        self.success = success
        self.token = token
        self.exp = exp
        self.roleId = roleId
        self.refreshToken = refreshToken
        self.refreshTokenExp = refreshTokenExp
        self.userId = userId
    }

    /// The role named by `roleId`, when this build knows it.
    public var role: Role? { Role(rawValue: roleId) }
}

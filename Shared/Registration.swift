/// `POST /api/register`. The role travels as `roleId` (the first version's field, id or
/// name); `role` is accepted instead. It encodes as `roleId`.
public struct RegistrationRequest: Codable, Sendable, Hashable {
    public var email: String
    public var password: String
    public var role: Role
    /// The person's name as they want teachers to see it ("Anna Żółć"); optional, so clients
    /// from before names keep working (the account page can give it later).
    public var name: String?

    public init(email: String, password: String, role: Role, name: String? = nil) {
        self.email = email
        self.password = password
        self.role = role
        self.name = name
    }

    private enum CodingKeys: String, CodingKey {
        case email, password, roleId, role, name
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        email = try container.decode(String.self, forKey: .email)
        password = try container.decode(String.self, forKey: .password)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        if let role = try container.decodeIfPresent(Role.self, forKey: .roleId) {
            self.role = role
        } else if let role = try container.decodeIfPresent(Role.self, forKey: .role) {
            self.role = role
        } else {
            throw DecodingError.keyNotFound(
                CodingKeys.roleId,
                DecodingReason.context(Message("decoding.role-required"), at: decoder.codingPath))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(email, forKey: .email)
        try container.encode(password, forKey: .password)
        try container.encode(role.rawValue, forKey: .roleId)
        try container.encodeIfPresent(name, forKey: .name)
    }
}

/// `201` answer to `POST /api/register`.
public struct RegistrationResponse: Codable, Sendable, Hashable {
    public var success: Bool
    /// The new account (absent while a teacher's registration awaits its confirmation).
    public var userId: Int?
    /// A teacher registering by an address of the school's domains: a confirmation link was
    /// mailed to the address, and the account exists once its owner opens it (202 Accepted).
    public var confirmationSent: Bool?

    public init(success: Bool = true, userId: Int? = nil, confirmationSent: Bool? = nil) {
        self.success = success
        self.userId = userId
        self.confirmationSent = confirmationSent
    }
}

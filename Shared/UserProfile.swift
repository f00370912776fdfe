/// `GET /api/me`.
public struct UserProfile: Codable, Sendable, Hashable {
    public var id: Int
    public var email: String
    public var role: Role
    public var roleId: Int

    public init(id: Int, email: String, role: Role) {
        self.id = id
        self.email = email
        self.role = role
        self.roleId = role.rawValue
    }
}

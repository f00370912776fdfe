import Foundation

/// The roles of ExamPrep: faculty and students, and the admins who run a school's server
/// (issue 40). The wire carries either the id (`roleId: 1`) or the name
/// (`role: "faculty"`); both decode. A `Role` encodes as its name.
public enum Role: Int, CaseIterable, Sendable, Hashable {
    case faculty = 1
    case student = 2
    /// Runs the school's accounts: invites faculty and admins, disables accounts, makes reset
    /// links. Never registers: invited, or made by `examprep-server create-admin`.
    case admin = 3

    /// The role's stable name, as stored in the `roles` table and carried in the JWT.
    public var name: String {
        switch self {
        case .faculty: "faculty"
        case .student: "student"
        case .admin: "admin"
        }
    }

    /// Looks a role up by its name, ignoring case and surrounding spaces.
    public init?(name: String) {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard let role = Role.allCases.first(where: { $0.name == wanted }) else { return nil }
        self = role
    }
}

extension Role: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let id = try? container.decode(Int.self) {
            guard let role = Role(rawValue: id) else {
                throw DecodingReason.refused(Message("decoding.role-id-unknown", ["id": .integer(id)]), in: container)
            }
            self = role
        } else if let name = try? container.decode(String.self) {
            guard let role = Role(name: name) else {
                throw DecodingReason.refused(Message("decoding.role-unknown", ["name": .text(name)]), in: container)
            }
            self = role
        } else {
            throw DecodingReason.refused(Message("decoding.role-shape"), in: container)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}

/// One row of `GET /api/roles`.
public struct RoleInfo: Codable, Sendable, Hashable {
    public var id: Int
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    public init(_ role: Role) {
        self.init(id: role.rawValue, name: role.name)
    }
}

import ExamPrepPostgres
import ExamPrepShared

/// A row of `users`.
struct UserRecord: Sendable {
    var id: Int
    var email: String
    var passwordHash: String
    var role: Role

    init(row: PostgresRow) throws {
        id = try row.decode("id")
        email = try row.decode("email")
        passwordHash = try row.decode("password_hash")
        let roleID: Int = try row.decode("role_id")
        guard let role = Role(rawValue: roleID) else {
            throw PostgresError(kind: .decoding, message: "users.role_id \(roleID) is not a known role")
        }
        self.role = role
    }
}

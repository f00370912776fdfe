import ExamPrepPostgres
import ExamPrepShared

/// A row of `users`.
struct UserRecord: Sendable {
    var id: Int
    var email: String
    /// The identity of the account (`EmailAddress.key`); nil only for an account from before
    /// keys whose key another account holds.
    var emailKey: String?
    var passwordHash: String
    var role: Role
    /// An admin disabled the account: it cannot sign in.
    var disabled: Bool
    /// The person's own language setting (nil: none).
    var language: Language?
    /// The person's name (nil: none given; teachers see the address).
    var name: String?

    /// The columns `init(row:)` reads.
    static let columns = "id, email, email_key, password_hash, role_id, disabled_at IS NOT NULL AS disabled, language, name"

    init(row: PostgresRow) throws {
        id = try row.decode("id")
        email = try row.decode("email")
        emailKey = try row.decode("email_key")
        passwordHash = try row.decode("password_hash")
        disabled = try row.decode("disabled")
        language = try (row.decode("language") as String?).flatMap(Language.init(rawValue:))
        name = try row.decode("name")
        let roleID: Int = try row.decode("role_id")
        guard let role = Role(rawValue: roleID) else {
            throw PostgresError(kind: .decoding, message: "users.role_id \(roleID) is not a known role")
        }
        self.role = role
    }
}

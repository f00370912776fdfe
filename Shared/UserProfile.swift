/// `GET /api/me`.
public struct UserProfile: Codable, Sendable, Hashable {
    public var id: Int
    public var email: String
    public var role: Role
    public var roleId: Int
    /// The person's own choice of language (`PUT /api/me/language`); nil (absent): none, so the
    /// browser's or the server's default chooses.
    public var language: Language?

    public init(id: Int, email: String, role: Role, language: Language? = nil) {
        self.id = id
        self.email = email
        self.role = role
        self.roleId = role.rawValue
        self.language = language
    }
}

/// `PUT /api/me/language`: `{"language": "pl"}` chooses Polish for the person everywhere (pages,
/// mails, the API's messages); `{"language": null}` leaves the choice to each browser again.
/// The answer is the `UserProfile`.
public struct LanguageSettingRequest: Codable, Sendable, Hashable {
    public var language: String?

    public init(language: Language?) {
        self.language = language?.rawValue
    }
}

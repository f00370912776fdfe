/// `GET /api/me`.
public struct UserProfile: Codable, Sendable, Hashable {
    public var id: Int
    public var email: String
    public var role: Role
    public var roleId: Int
    /// The person's own choice of language (`PUT /api/me/language`); nil (absent): none, so the
    /// browser's or the server's default chooses.
    public var language: Language?
    /// The person's name (`PUT /api/me/name`, registration, an invitation or a class list); nil
    /// (absent): none given, and teachers see the address.
    public var name: String?

    public init(id: Int, email: String, role: Role, language: Language? = nil, name: String? = nil) {
        self.id = id
        self.email = email
        self.role = role
        self.roleId = role.rawValue
        self.language = language
        self.name = name
    }
}

/// `PUT /api/me/name`: `{"name": "Anna Żółć"}` sets the name teachers see; `{"name": null}` (or
/// an empty name) removes it, so teachers see the address again. The answer is the `UserProfile`.
public struct NameSettingRequest: Codable, Sendable, Hashable {
    public var name: String?

    public init(name: String?) {
        self.name = name
    }

    private enum CodingKeys: String, CodingKey { case name }

    /// `name` must be there, a text or `null`: `{}` says nothing and is refused (400).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.contains(.name) else {
            throw DecodingError.keyNotFound(CodingKeys.name, DecodingReason.context(Message("names.name-required"), at: []))
        }
        name = try container.decode(String?.self, forKey: .name)
    }

    /// `null` is written out, not left out: it removes the name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
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

    private enum CodingKeys: String, CodingKey { case language }

    /// `language` must be there, a code or `null`: `{}` says nothing and is refused (400).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.contains(.language) else {
            throw DecodingError.keyNotFound(
                CodingKeys.language, DecodingReason.context(Message("decoding.language-required"), at: []))
        }
        language = try container.decode(String?.self, forKey: .language)
    }

    /// `null` is written out, not left out: it removes the setting.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(language, forKey: .language)
    }
}

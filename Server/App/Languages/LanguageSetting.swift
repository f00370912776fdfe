import ExamPrepRules
import ExamPrepShared

/// A person's choice of language as they send it (`PUT /api/me/language`, the account page, the
/// language buttons): one of ours by its code, or none to let each browser choose.
enum LanguageSetting {
    /// The allowed codes, as a refusal names them.
    static let allowed = Language.allCases.map(\.rawValue).joined(separator: ", ")

    /// The API's field: a code, or `null` for none. An empty string is not a code (400), as the
    /// contract's enum says.
    static func parse(_ text: String?) throws -> Language? {
        guard let text else { return nil }
        guard text.utf8.count <= 8, let language = Language(rawValue: text) else {
            throw InvalidInput("api.language-invalid", ["allowed": .text(allowed)])
        }
        return language
    }

    /// A form's field, where the "browser's choice" option sends an empty value.
    static func parseForm(_ text: String?) throws -> Language? {
        guard let text, !text.isEmpty else { return nil }
        return try parse(text)
    }
}

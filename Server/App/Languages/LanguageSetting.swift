import ExamPrepShared

/// A person's choice of language as they send it (`PUT /api/me/language`, the account page, the
/// language buttons): one of ours by its code, or none (nil, `""`) to let each browser choose.
enum LanguageSetting {
    /// The allowed codes, as a refusal names them.
    static let allowed = Language.allCases.map(\.rawValue).joined(separator: ", ")

    static func parse(_ text: String?) throws -> Language? {
        guard let text, !text.isEmpty else { return nil }
        guard text.utf8.count <= 8, let language = Language(rawValue: text) else {
            throw InvalidInput("api.language-invalid", ["allowed": .text(allowed)])
        }
        return language
    }
}

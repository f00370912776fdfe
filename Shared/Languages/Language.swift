/// The languages ExamPrep speaks. English is the reference: every sentence exists in it first.
public enum Language: String, CaseIterable, Codable, Sendable, Hashable {
    case en
    case pl

    /// The language's name in itself, as the language buttons show it.
    public var ownName: String {
        switch self {
        case .en: "English"
        case .pl: "Polski"
        }
    }

    /// The BCP 47 tag of `<html lang>`, `Content-Language` and the `lang` cookie.
    public var tag: String { rawValue }

    /// A tag of `Accept-Language` or a setting (`pl`, `pl-PL`, `PL_pl`, `en-GB`): its language
    /// when it is one of ours, by its primary subtag, any case.
    public init?(tag: some StringProtocol) {
        let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        guard let language = Language(rawValue: primary) else { return nil }
        self = language
    }

    /// A POSIX locale of `LC_ALL`, `LC_MESSAGES` or `LANG` (`pl_PL.UTF-8`, `pl_PL@euro`, `en`):
    /// its language when it is one of ours; nil for `C`, `POSIX`, empty or another language.
    public init?(posixLocale: String) {
        let name = posixLocale.split(whereSeparator: { $0 == "." || $0 == "@" }).first ?? ""
        self.init(tag: name)
    }
}

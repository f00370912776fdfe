import Foundation

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

extension Language {
    /// Foundation's locale for numbers and dates.
    public var locale: Locale {
        switch self {
        case .en: Locale(identifier: "en_GB")
        case .pl: Locale(identifier: "pl_PL")
        }
    }

    /// "29 November 2026, 10:45" / "29 listopada 2026, 10:45" in the time zone (UTC when the
    /// name is not one), the clock on 24 hours in both.
    public func moment(_ date: Date, timeZone identifier: String) -> String {
        let zone = TimeZone(identifier: identifier) ?? .gmt
        let day = date.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: locale, timeZone: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let time = calendar.dateComponents([.hour, .minute], from: date)
        let (hour, minute) = (time.hour ?? 0, time.minute ?? 0)
        return day + ", " + (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}

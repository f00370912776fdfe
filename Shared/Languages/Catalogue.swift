import Foundation
import Synchronization

/// Every sentence of one language by key, read from its catalogue files (`Shared/Catalogues/`,
/// `<area>.<language>.catalogue`, embedded in the binary). A catalogue file is lines of `key = text`; `#` starts a comment
/// line; `{name}` stands for a value of the message; `\n` is a line break. A counted sentence
/// has a line per plural category of its language instead (`key.one`, `key.other`; Polish also
/// `key.few` and `key.many`), chosen by its `count` value.
public struct Catalogue: Sendable {
    public let language: Language
    /// Text by key (plural forms under `key.category`).
    public let texts: [String: String]
    /// Every beginning of a key that ends before a `.` (`exam` and `exam.start` of
    /// `exam.start.one`).
    private let prefixes: Set<String>

    public init(language: Language, texts: [String: String]) {
        self.language = language
        self.texts = texts
        var prefixes = Set<String>()
        for key in texts.keys {
            var rest = key[...]
            while let dot = rest.lastIndex(of: ".") {
                rest = rest[..<dot]
                prefixes.insert(String(rest))
            }
        }
        self.prefixes = prefixes
    }

    /// Whether `text` is the beginning of longer keys, up to a `.`.
    public func isPrefix(_ text: String) -> Bool {
        prefixes.contains(text)
    }

    /// The catalogue of `language`, read once from the embedded files.
    public static func of(_ language: Language) -> Catalogue {
        switch language {
        case .en: english
        case .pl: polish
        }
    }

    private static let english = Catalogue.embedded(.en)
    private static let polish = Catalogue.embedded(.pl)

    /// Every embedded file of the language (`<area>.<language>.catalogue`), together.
    private static func embedded(_ language: Language) -> Catalogue {
        Catalogue(language: language, texts: (try? files(of: language).merged()) ?? [:])
    }

    /// The language's catalogue files by name, as embedded.
    public static func files(of language: Language) -> [(name: String, contents: String)] {
        embeddedFiles.filter { $0.name.hasSuffix("." + language.rawValue + ".catalogue") }
    }

    /// The text of `key` with no values: a label, a heading. Nil when the key is not in this
    /// catalogue (the caller falls back to English).
    public func text(_ key: String) -> String? {
        texts[key]
    }

    /// `message` in this language; a key this catalogue lacks is said in English (and
    /// `missing` is told, once per key and process, so the gap is logged); a key no catalogue
    /// has shows as itself, never as nothing.
    public func string(_ message: Message, missing: (String) -> Void = { _ in }) -> String {
        if let template = template(for: message) {
            return fill(template, message.values, missing: missing)
        }
        MissingKeys.report(message.key, language: language, missing)
        let english = Catalogue.of(.en)
        guard language != .en, let template = english.template(for: message) else { return message.key }
        return english.fill(template, message.values, missing: missing)
    }

    /// The text a message takes: its key's, or the plural form its `count` calls for.
    private func template(for message: Message) -> String? {
        if let text = texts[message.key] { return text }
        let category: PluralCategory? =
            switch message.values[Message.countName] {
            case .integer(let count): language.pluralCategory(count)
            case .decimal(let count): language.pluralCategory(count)
            default: nil
            }
        guard let category else { return nil }
        return texts[message.key + "." + category.rawValue] ?? texts[message.key + ".other"]
    }

    /// `template` with each `{name}` replaced by its value as this language writes it; a name
    /// without a value stays as it is written.
    private func fill(_ template: String, _ values: [String: MessageValue], missing: (String) -> Void) -> String {
        guard template.contains("{") else { return template }
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
            let name = String(rest[afterOpen..<close])
            if let value = values[name] {
                result += written(value, missing: missing)
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// A value as this language writes it.
    public func written(_ value: MessageValue, missing: (String) -> Void = { _ in }) -> String {
        switch value {
        case .text(let text): text
        case .integer(let number): number.formatted(.number.locale(language.locale).grouping(.never))
        case .decimal(let number): number.formatted(.number.locale(language.locale).precision(.fractionLength(0...2)).grouping(.never))
        case .moment(let date, let zone): language.moment(date, timeZone: zone)
        case .message(let inner): string(inner, missing: missing)
        }
    }
}

/// The keys a catalogue lacked, reported once each per process.
enum MissingKeys {
    private static let reported = Mutex<Set<String>>([])

    static func report(_ key: String, language: Language, _ missing: (String) -> Void) {
        let new = reported.withLock { $0.insert(language.rawValue + ":" + key).inserted }
        if new { missing(key) }
    }
}

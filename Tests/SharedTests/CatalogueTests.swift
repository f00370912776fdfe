import ExamPrepShared
import Foundation
import Testing

/// The catalogues: read from their file format, a sentence said with its values in the
/// reader's language (plural forms, numbers, dates), English for a key a catalogue lacks, and
/// the two catalogues holding the same sentences with the same values.
@Suite("Catalogues")
struct CatalogueTests {
    static let english = Catalogue(
        language: .en,
        texts: [
            "greeting": "Hello, {name}.", "questions.one": "{count} question", "questions.other": "{count} questions",
            "score": "{points} points", "due": "Due {moment}", "only-english": "Only here", "outer": "Note: {inner}",
        ])
    static let polish = Catalogue(
        language: .pl,
        texts: [
            "greeting": "Dzień dobry, {name}.", "questions.one": "{count} pytanie", "questions.few": "{count} pytania",
            "questions.many": "{count} pytań", "questions.other": "{count} pytania", "score": "{points} pkt", "due": "Termin: {moment}",
            "outer": "Uwaga: {inner}",
        ])

    @Test(arguments: [
        (1, "1 pytanie"), (2, "2 pytania"), (5, "5 pytań"), (12, "12 pytań"), (22, "22 pytania"), (0, "0 pytań"), (112, "112 pytań"),
    ])
    func countedSentencesTakeThePolishPluralForm(count: Int, text: String) {
        #expect(Self.polish.string(Message("questions", ["count": .integer(count)])) == text)
    }

    @Test func valuesAreWrittenAsTheLanguageWritesThem() {
        #expect(Self.polish.string(Message("score", ["points": .decimal(12.5)])) == "12,5 pkt")
        #expect(Self.english.string(Message("score", ["points": .decimal(12.5)])) == "12.5 points")
        #expect(Self.polish.string(Message("questions", ["count": .decimal(1.5)])) == "1,5 pytania")
        let moment = ISO8601DateFormatter().date(from: "2026-11-29T09:45:00Z") ?? Date()
        #expect(
            Self.polish.string(Message("due", ["moment": .moment(moment, timeZone: "Europe/Warsaw")])) == "Termin: 29 listopada 2026, 10:45"
        )
        #expect(Self.english.string(Message("due", ["moment": .moment(moment, timeZone: "Nowhere/Else")])) == "Due 29 November 2026, 09:45")
        #expect(Self.polish.string(Message("greeting", ["name": "Zo\u{308}\"e {count}"])) == "Dzień dobry, Zo\u{308}\"e {count}.")
        #expect(
            Self.polish.string(Message("outer", ["inner": .message(Message("greeting", ["name": "Ala"]))])) == "Uwaga: Dzień dobry, Ala.")
    }

    @Test func aMissingKeyIsEnglishAndReportedOnceAndAnUnknownOneShowsItself() {
        var reported: [String] = []
        let first = Catalogue.of(.pl).string(Message("language-name-nowhere")) { reported.append($0) }
        #expect(first == "language-name-nowhere")
        _ = Catalogue.of(.pl).string(Message("language-name-nowhere")) { reported.append($0) }
        #expect(reported == ["language-name-nowhere"])
        #expect(Self.polish.string(Message("greeting", [:])) == "Dzień dobry, {name}.")
    }

    @Test func theFileFormatReadsKeysTextsCommentsAndEscapes() throws {
        let texts = try CatalogueFile.parse("# a comment\n\nkey.one = One {count}\r\nline = first\\nsecond \\\\ done\nspaced =  x = y\n")
        #expect(texts == ["key.one": "One {count}", "line": "first\nsecond \\ done", "spaced": " x = y"])
        #expect(throws: CatalogueFile.Failure.self) { try CatalogueFile.parse("no separator here") }
        #expect(throws: CatalogueFile.Failure.self) { try CatalogueFile.parse("a = 1\na = 2") }
        #expect(throws: CatalogueFile.Failure.self) { try CatalogueFile.parse("bad key! = x") }
    }

    @Test func everyFileReadsAndNoKeyIsInTwoFiles() throws {
        for language in Language.allCases {
            #expect(!Catalogue.files(of: language).isEmpty)
            #expect(throws: Never.self) { try Catalogue.files(of: language).merged() }
        }
        #expect(throws: CatalogueFile.Failure.self) { try [(name: "a", contents: "k = 1"), (name: "b", contents: "k = 2")].merged() }
    }

    /// Every sentence is in both catalogues, each counted one in every plural form its language
    /// has, with the same values named.
    @Test func theCataloguesHoldTheSameSentencesWithTheSameValues() throws {
        let (english, polish) = (Catalogue.of(.en).texts, Catalogue.of(.pl).texts)
        #expect(!english.isEmpty && !polish.isEmpty)
        func sentences(_ texts: [String: String], _ language: Language) -> [String: Set<String>] {
            var result: [String: Set<String>] = [:]
            for (key, text) in texts {
                let parts = key.split(separator: ".")
                let base =
                    parts.count > 1 && PluralCategory(rawValue: String(parts.last ?? "")) != nil
                    ? parts.dropLast().joined(separator: ".") : key
                result[base, default: []].formUnion(Self.names(in: text).subtracting([Message.countName]))
            }
            return result
        }
        let (en, pl) = (sentences(english, .en), sentences(polish, .pl))
        #expect(Set(en.keys).subtracting(pl.keys).sorted() == [], "in English only")
        #expect(Set(pl.keys).subtracting(en.keys).sorted() == [], "in Polish only")
        for (key, names) in en where pl[key] != nil {
            #expect(pl[key] == names, "\(key): the values named differ")
        }
        for (texts, language) in [(english, Language.en), (polish, .pl)] {
            let counted = Set(
                texts.keys.compactMap { key -> String? in
                    let parts = key.split(separator: ".")
                    guard parts.count > 1, PluralCategory(rawValue: String(parts.last ?? "")) != nil else { return nil }
                    return parts.dropLast().joined(separator: ".")
                })
            for key in counted {
                for category in language.pluralCategories {
                    #expect(texts[key + "." + category.rawValue] != nil, "\(language): \(key).\(category.rawValue) is missing")
                }
            }
        }
    }

    static func names(in text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

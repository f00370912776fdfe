import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// Every sentence of the pages lives once, in the catalogues: the templates hold keys
/// (`{{t.area.key}}`), never text of their own; every key they name exists in English and
/// Polish; and every key of the catalogues is used somewhere (a template, the Swift sources or
/// app.js name it whole, in quotes when not a template).
@Suite("Template texts", .hangGuard)
struct TemplateTextTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Templates whose text has not moved into the catalogues yet: none. The list stays, empty,
    /// for a template added before its words are; it only ever shrinks.
    static let notYetTranslated: Set<String> = []

    /// Words a template may hold as they are: the product's name.
    static let untranslatable: Set<String> = ["ExamPrep"]

    static func templates() throws -> [(name: String, text: String)] {
        let folder = repository.appendingPathComponent("Server/Templates")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }.sorted().map {
            (String($0.dropLast(".mustache".count)), try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// The keys a template names: `{{t.key}}`, `{{#t.key}}`, `{{^t.key}}`.
    static func keys(in template: String) -> [String] {
        template.matches(of: /\{\{[#^\/]?\s*t\.([A-Za-z0-9_.\-]+)\s*\}\}/).map { String($0.output.1) }
    }

    @Test func everyKeyATemplateNamesIsInBothCatalogues() throws {
        for (name, text) in try Self.templates() {
            for key in Self.keys(in: text) {
                #expect(Catalogue.of(.en).text(key) != nil, "\(name).mustache names \(key), which English lacks")
                #expect(Catalogue.of(.pl).text(key) != nil, "\(name).mustache names \(key), which Polish lacks")
            }
        }
    }

    /// What a reader sees of a template once its tags are gone: text between elements and the
    /// attributes read aloud or shown (`aria-label`, `title`, `placeholder`, `alt`).
    static func literalText(of template: String) -> [String] {
        var text = template.replacing(/\{\{![\s\S]*?\}\}/, with: "").replacing(/<!--[\s\S]*?-->/, with: "")
        text = text.replacing(/\{\{[\s\S]*?\}\}/, with: " ")
        var found: [String] = []
        for match in text.matches(of: /(?:aria-label|aria-description|title|placeholder|alt)="([^"]*)"/) {
            found.append(String(match.output.1))
        }
        found.append(contentsOf: text.replacing(/<[^>]*>/, with: "\n").split(separator: "\n").map(String.init))
        return found.map { $0.trimmingCharacters(in: .whitespaces) }.filter { line in
            line.split(whereSeparator: { !$0.isLetter }).contains { !untranslatable.contains(String($0)) }
        }
    }

    @Test func translatedTemplatesHoldNoTextOfTheirOwn() throws {
        let templates = try Self.templates()
        for (name, text) in templates where !Self.notYetTranslated.contains(name) {
            #expect(Self.literalText(of: text).isEmpty, "\(name).mustache holds text outside a key: \(Self.literalText(of: text))")
        }
        for name in Self.notYetTranslated {
            #expect(templates.contains { $0.name == name }, "\(name) is listed as not yet translated but there is no such template")
        }
    }

    @Test func theCheckFindsTextOutsideKeys() {
        #expect(Self.literalText(of: #"<p>{{t.a.b}}</p><button aria-label="Close">{{t.x}}</button>"#) == ["Close"])
        #expect(Self.literalText(of: "<h1>Grades</h1>{{! a comment }}") == ["Grades"])
        #expect(Self.literalText(of: "<a href=\"/\">ExamPrep</a> · {{title}} <!-- note -->").isEmpty)
    }

    @Test func everyKeyOfTheCataloguesIsUsed() throws {
        var used = Set(try Self.templates().flatMap { Self.keys(in: $0.text) })
        var sources = ""
        for folder in ["Server/App", "Server/Exams", "Server/Rules", "Server/Interchange", "Shared", "Client", "Server/Assets"] {
            let root = Self.repository.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") || path.hasSuffix(".js") {
                sources += try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            }
        }
        for key in Catalogue.of(.en).texts.keys where !used.contains(key) {
            // A counted sentence is named without its plural category.
            let named = PluralCategory.allCases.reduce(key) { key, category in
                key.hasSuffix("." + category.rawValue) ? String(key.dropLast(category.rawValue.count + 1)) : key
            }
            if sources.contains("\"\(named)\"") || sources.contains("'\(named)'") { used.insert(key) }
        }
        let unused = Set(Catalogue.of(.en).texts.keys).subtracting(used)
        #expect(unused.isEmpty, "keys nothing uses: \(unused.sorted())")
    }
}

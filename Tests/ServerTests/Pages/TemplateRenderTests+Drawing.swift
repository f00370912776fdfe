import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Mustache
import Testing

@testable import ExamPrepServer

/// How the render tests draw a template: with the real renderer and a page model, in English
/// and in Polish, checking the page (its `<main>`, no tag left, a hostile value escaped, what it
/// must show) and that every name the template looks up is answered by the model.
extension TemplateRenderTests {
    static let renderer = Result { try PageRenderer() }
    /// The same templates with every sentence looked up as the page is drawn: each drawn page
    /// must come out byte for byte as the renderer with its sentences written in draws it.
    static let lookingUp = Result { try PageRenderer(bakesSentences: false) }
    /// A value from a person: a quote with a combining mark after it (one `Character`, which
    /// swift-mustache's own escaping let through), an apostrophe and a script.
    static let hostile = "\"\u{0301}' <script>alert(1)</script>"
    /// The frame of a page seen by someone of `role`, in `language`.
    static func frame(_ role: Role, _ language: Language) -> PageFrame {
        PageFrame(
            user: WebUser(id: 1, role: role, email: "person@example.org", sessionID: UUID()), csrfToken: "token", language: language,
            path: "/")
    }

    /// What a drawn page must hold: a fragment of HTML as it stands, a value escaped as the
    /// page escapes it, or the sentence of a catalogue key in the page's language.
    enum Shown: Sendable, CustomStringConvertible {
        case html(String)
        case value(String)
        case sentence(String)

        /// The HTML it is in `language`'s page (nil: a key the catalogue lacks).
        func html(in language: Language) -> String? {
            switch self {
            case .html(let html): html
            case .value(let value): HTMLEscaping.escape(value)
            case .sentence(let key): Catalogue.of(language).text(key).map(HTMLEscaping.escape)
            }
        }

        var description: String {
            switch self {
            case .html(let html): html
            case .value(let value): "the value \(value)"
            case .sentence(let key): "the sentence \(key)"
            }
        }
    }

    /// Whether `html` holds `fragment`, byte for byte (`String.contains` compares `Character`s:
    /// `&quot;` before a combining mark ends in a `Character` that is not `;`).
    static func holds(_ html: String, _ fragment: String) -> Bool {
        let (bytes, part) = (Array(html.utf8), Array(fragment.utf8))
        guard !part.isEmpty, bytes.count >= part.count else { return part.isEmpty }
        return (0...(bytes.count - part.count)).contains { start in bytes[start..<(start + part.count)].elementsEqual(part) }
    }

    /// The template names these tests draw, read from their source: the first argument of each
    /// call of `draw`.
    static func templatesDrawn(in source: String) -> Set<String> {
        Set(source.matches(of: /draw\(\s*"([^"]+)"/).map { String($0.output.1) })
    }

    // MARK: The names a template looks up

    static func template(_ name: String) -> String {
        embeddedFiles.first { $0.name == name + ".mustache" }?.contents ?? ""
    }

    /// The names `name` looks up (`{{a.b}}`, `{{#a}}`, `{{^a}}`: each part), its partials' and
    /// parents' included; the sentences (`t.…`) and a sequence's own names aside.
    static func namesLookedUp(by name: String, seen: inout Set<String>) -> Set<String> {
        guard seen.insert(name).inserted else { return [] }
        let text = template(name).replacing(/\{\{![\s\S]*?\}\}/, with: "")
        var names: Set<String> = []
        for match in text.matches(of: /\{\{\s*([#^]?)\s*([A-Za-z_][A-Za-z0-9_.\-]*)\s*\}\}/) where !match.output.2.hasPrefix("t.") {
            names.formUnion(match.output.2.split(separator: ".").map(String.init))
        }
        for reference in TemplateCheck.references(in: text) {
            names.formUnion(namesLookedUp(by: reference.name, seen: &seen))
        }
        return names.subtracting(["first", "last", "index", "even", "odd"])
    }

    /// Every name `value` answers, and the values it answers with, all the way down: a
    /// `MustacheParent` by asking it each of `names`, any other value by reflection (as
    /// swift-mustache looks them up).
    static func namesAnswered(by value: Any, asking names: Set<String>, depth: Int = 0) -> Set<String> {
        guard depth < 12 else { return [] }
        if value is PageTexts { return [] }
        var answered: Set<String> = []
        var children: [Any] = []
        if let parent = value as? any MustacheParent {
            for name in names {
                if let child = parent.child(named: name) {
                    answered.insert(name)
                    children.append(child)
                }
            }
        } else {
            let mirror = Mirror(reflecting: value)
            for child in mirror.children {
                if let label = child.label { answered.insert(label) }
                children.append(child.value)
            }
            if let dictionary = value as? [String: Any] {
                answered.formUnion(dictionary.keys)
                children = Array(dictionary.values)
            }
        }
        for child in children {
            answered.formUnion(namesAnswered(by: child, asking: names, depth: depth + 1))
        }
        return answered
    }

    // MARK: Drawing

    /// Draws `template` in English and in Polish, as someone of `role` sees it, with the pages
    /// `pages` makes in each language (a page model in the states that fill every part of the
    /// template between them). Checks each page (its `<main>`, its language, no tag left, the
    /// hostile title escaped and never raw), that each of `shows` is in one of the language's
    /// pages, and that every name the template looks up is answered by one of them, but for
    /// `absent` (names a shared partial looks up that this page leaves out on purpose).
    /// Returns the pages' HTML by language.
    @discardableResult
    static func draw<Model: Sendable>(
        _ template: String, role: Role = .student, shows: [Shown] = [], absent: Set<String> = [],
        sourceLocation: SourceLocation = #_sourceLocation, pages: (Catalogue) throws -> [Model]
    ) throws -> [Language: [String]] {
        let renderer = try renderer.get()
        let lookingUp = try lookingUp.get()
        var seen: Set<String> = []
        let wanted = namesLookedUp(by: template, seen: &seen)
        var drawn: [Language: [String]] = [:]
        for language in Language.allCases {
            var answered: Set<String> = []
            let frame = frame(role, language)
            for page in try pages(.of(language)) {
                let html = try renderer.document(template, title: hostile, frame: frame, page: page)
                let lookedUp = try lookingUp.document(template, title: hostile, frame: frame, page: page)
                #expect(
                    Array(html.utf8) == Array(lookedUp.utf8), "\(template) in \(language) draws the same with its sentences written in",
                    sourceLocation: sourceLocation)
                #expect(html.contains("<main"), "\(template) draws its main", sourceLocation: sourceLocation)
                #expect(holds(html, "<html lang=\"\(language.tag)\">"), "\(template) in \(language)", sourceLocation: sourceLocation)
                #expect(!html.contains("{{") && !html.contains("}}"), "\(template) leaves no tag", sourceLocation: sourceLocation)
                #expect(holds(html, HTMLEscaping.escape(hostile)), "\(template) shows its title escaped", sourceLocation: sourceLocation)
                #expect(
                    !holds(html, "<script>alert") && !holds(html, "\"\u{0301}"), "\(template) escapes its values",
                    sourceLocation: sourceLocation)
                answered.formUnion(
                    namesAnswered(by: PageDocument(title: hostile, frame: frame, page: page, t: PageTexts(language)), asking: wanted))
                drawn[language, default: []].append(html)
            }
            let missing = wanted.subtracting(answered).subtracting(absent)
            #expect(
                missing.isEmpty, "\(template) looks up names its model does not answer: \(missing.sorted())", sourceLocation: sourceLocation
            )
            for shown in shows {
                guard let fragment = shown.html(in: language) else {
                    Issue.record("\(shown) is not a key of the \(language) catalogue", sourceLocation: sourceLocation)
                    continue
                }
                if !(drawn[language] ?? []).contains(where: { holds($0, fragment) }) {
                    Issue.record("\(template) in \(language) does not show \(shown)", sourceLocation: sourceLocation)
                }
            }
        }
        return drawn
    }

    /// As `draw(_:role:shows:absent:pages:)` with the same pages in both languages; returns
    /// the Polish pages.
    @discardableResult
    static func draw<Model: Sendable>(
        _ template: String, _ pages: [Model], absent: Set<String> = [], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        try draw(template, absent: absent, sourceLocation: sourceLocation) { _ in pages }[.pl] ?? []
    }
}

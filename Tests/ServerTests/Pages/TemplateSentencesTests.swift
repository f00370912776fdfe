import ExamPrepShared
import ExamPrepTestSupport
import Testing

@testable import ExamPrepServer

/// The sentences written into the templates at start (`TemplateSentences`): only the plain
/// `{{t.key}}` tag, each as a page draws it, and a tag whose sentence cannot stand in a
/// template's source left for drawing. (Every render test also compares each page it draws
/// with the same page drawn with its sentences looked up: `TemplateRenderTests.draw`.)
@Suite("Template sentences", .hangGuard)
struct TemplateSentencesTests {
    static let sentences: [String: String] = [
        "exam.title": "Egzamin &quot;\u{301} &amp; ocena",
        "two.lines": "one\ntwo",
        "braces.open": "a {{tag",
        "braces.close": "a tag}}",
        "name.first": "{name} signed in",
        "brace.last": "a brace {",
    ]

    @Test("a plain tag becomes its sentence; other tags and unwritable sentences stay tags")
    func bakes() {
        let source =
            "<h1>{{t.exam.title}}</h1>{{ t.exam.title }}{{#t.exam}}x{{/t.exam}}{{t.two.lines}}{{t.braces.open}}"
            + "{{t.braces.close}}{{t.unknown}}{{title}}"
        let baked = TemplateSentences.bake(source) { Self.sentences[$0] }
        #expect(
            baked == "<h1>Egzamin &quot;\u{301} &amp; ocena</h1>{{ t.exam.title }}{{#t.exam}}x{{/t.exam}}{{t.two.lines}}{{t.braces.open}}"
                + "{{t.braces.close}}{{t.unknown}}{{title}}")
    }

    @Test("a sentence that would make a tag with the brace beside its tag stays a tag")
    func neighbours() {
        let source = "<p>{{t.name.first}}</p><p>{{{t.name.first}}</p><p>{{t.brace.last}}{{title}}</p><p>{{t.brace.last}}</p>"
        let baked = TemplateSentences.bake(source) { Self.sentences[$0] }
        #expect(baked == "<p>{name} signed in</p><p>{{{t.name.first}}</p><p>{{t.brace.last}}{{title}}</p><p>a brace {</p>")
    }

    @Test("a sentence is drawn as the page draws it: in the language, escaped, a missing key as itself")
    func drawn() throws {
        let polish = TemplateSentences.Drawn(.pl)
        let text = try #require(Catalogue.of(.pl).text("attempt.nav"))
        #expect(polish.sentence("attempt.nav") == HTMLEscaping.escape(text))
        #expect(polish.sentence("attempt.nav") != TemplateSentences.Drawn(.en).sentence("attempt.nav"))
        #expect(TemplateSentences.Drawn(.en).sentence("no-such-sentence") == "no-such-sentence")
    }
}

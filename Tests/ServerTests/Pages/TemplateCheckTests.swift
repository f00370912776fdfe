import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import Testing

@testable import ExamPrepServer

/// The templates are checked when the server starts: a misspelt partial or parent stops the
/// start with a message naming it, instead of drawing an empty part of a page; and every
/// template a controller draws by name is a template.
@Suite("Template check", .hangGuard)
struct TemplateCheckTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A small set that fits together, as the real one does.
    static let fitting: [(name: String, contents: String)] = [
        ("layout.mustache", "<main>{{$main}}{{/main}}</main>"),
        ("error.mustache", "{{<layout}}{{$main}}<p>{{page.message}}</p>{{/main}}{{/layout}}"),
        ("list.mustache", "{{<layout}}{{$main}}{{#page.rows}}{{> row}}{{/page.rows}}{{/main}}{{/layout}}"),
        ("row.mustache", "<p>{{.}}</p>"),
    ]

    static func replacing(_ name: String, with contents: String?) -> [(name: String, contents: String)] {
        fitting.filter { $0.name != name } + (contents.map { [(name, $0)] } ?? [])
    }

    @Test("the embedded templates pass the check, and a set that fits draws its partials")
    func theRealSetFits() throws {
        _ = try PageRenderer()
        let small = try PageRenderer(files: Self.fitting)
        let html = try small.document("list", title: "", frame: PageFrame(user: nil, csrfToken: ""), page: ["rows": ["a\u{0301}\"", "b"]])
        #expect(html.contains("<p>a\u{0301}&quot;</p><p>b</p>"), "\(html)")
    }

    @Test("a misspelt partial, a misspelt parent and a missing required template stop the start, each named")
    func aMisspeltNameFailsTheStart() throws {
        let cases: [(files: [(name: String, contents: String)], says: String)] = [
            (Self.replacing("list.mustache", with: "{{<layout}}{{$main}}{{> rwo}}{{/main}}{{/layout}}"), "list.mustache names \"rwo\""),
            (Self.replacing("list.mustache", with: "{{<layuot}}{{$main}}{{>row}}{{/main}}{{/layuot}}"), "list.mustache names \"layuot\""),
            (Self.replacing("list.mustache", with: "{{>*which}}"), "list.mustache names a partial by a value"),
            (Self.replacing("error.mustache", with: nil), "error.mustache is missing"),
        ]
        for (files, says) in cases {
            let failure = #expect(throws: TemplateCheck.Failure.self) { try PageRenderer(files: files) }
            #expect(failure?.description.contains(says) == true, "\(String(describing: failure))")
        }
    }

    @Test("a page drawn with a name that is not a template is the error page with 500, not an empty 200")
    func anUnknownTemplateIsAnErrorPage() throws {
        let renderer = try PageRenderer()
        let frame = PageFrame(user: nil, csrfToken: "", language: .pl)
        let response = renderer.render("logni", title: "", frame: frame, page: PageErrorMiddleware.ErrorPage(message: "", status: 0))
        #expect(response.status == .internalServerError)
        #expect(throws: PageRenderer.UnknownTemplate.self) { try renderer.document("logni", title: "", frame: frame, page: 0) }
        let html = renderer.html("logni", title: "", frame: frame, page: 0)
        #expect(html.contains("<main") && html.contains(Catalogue.of(.pl).string(HTTPFailure.internalError.message)))
    }

    @Test("every template the page controllers draw by name is a template")
    func everyNameDrawnIsATemplate() throws {
        let templates = Set(embeddedFiles.filter { $0.name.hasSuffix(".mustache") }.map { String($0.name.dropLast(".mustache".count)) })
        let root = Self.repository.appendingPathComponent("Server/App")
        let walker = try #require(FileManager.default.enumerator(atPath: root.path))
        var drawn: Set<String> = []
        for case let path as String in walker where path.hasSuffix(".swift") {
            let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for match in source.matches(of: /(?:render|renderAside|html|document)\(\s*"([^"]+)"/) {
                drawn.insert(String(match.output.1))
            }
        }
        #expect(drawn.count >= 25, "\(drawn.sorted())")
        #expect(drawn.subtracting(templates).isEmpty, "not templates: \(drawn.subtracting(templates).sorted())")
    }
}

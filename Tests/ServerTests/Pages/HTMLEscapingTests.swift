import ExamPrepTestSupport
import Foundation
import Mustache
import Testing

@testable import ExamPrepServer

/// `{{…}}` escapes a quote that a combining mark follows (one `Character`, `"\u{301}`): before,
/// it went out as a bare quote, closed the attribute and made the rest of a teacher's text
/// attributes of the element. Through the renderer's own registration, in a page, its parent
/// (layout) and its partial alike.
@Suite("HTML escaping", .hangGuard)
struct HTMLEscapingTests {
    static let hostile = "\"\u{301} onmouseover=alert(1) '\u{301} <\u{301}b>&\u{301}"
    static let escaped = "&quot;\u{301} onmouseover=alert(1) &#39;\u{301} &lt;\u{301}b&gt;&amp;\u{301}"
    static let bareQuote = "\"\u{301}"
    static let escapedQuote = "&quot;\u{301} onmouseover"

    @Test("every escaped scalar, whatever follows it")
    func scalars() {
        let escaped = HTMLEscaping.escape(Self.hostile)
        #expect(escaped == Self.escaped)
        #expect(HTMLEscaping.escape("Zoë & Łucja") == "Zoë &amp; Łucja")
    }

    @Test("a page, its parent and its partial escape the quote in an attribute")
    func inTemplates() throws {
        let renderer = try PageRenderer(files: [
            ("layout.mustache", "<main title=\"{{alt}}\">{{$body}}{{/body}}</main>"),
            ("error.mustache", "{{<layout}}{{/layout}}"),
            ("picture.mustache", "<img alt=\"{{alt}}\">"),
            ("page.mustache", "{{<layout}}{{$body}}<p data-x=\"{{alt}}\">{{> picture}}</p>{{/body}}{{/layout}}"),
        ])
        let html = try #require(renderer.library.render(["alt": Self.hostile], withTemplate: "page"))
        let bare = html.contains(Self.bareQuote)
        #expect(!bare, "a bare quote before the mark: \(html)")
        let count = html.components(separatedBy: Self.escapedQuote).count
        #expect(count == 4, "\(html)")
    }
}

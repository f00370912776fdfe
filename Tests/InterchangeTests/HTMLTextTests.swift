import ExamPrepShared
import Foundation
import Testing

@testable import ExamPrepInterchange

/// HTML question text read as plain text: the safe subset becomes its plain reading, TeX is
/// kept, and everything else is left out and said, never kept as raw tags.
@Suite("HTML text")
struct HTMLTextTests {
    @Test(
        "the safe subset reads as plain text",
        arguments: [
            ("<p>One</p>\n  <p>Two<br>lines</p>", "One\n\nTwo\nlines"),
            ("<b>bold</b> and <em>it</em>, <span style=\"x\">span</span>", "bold and it, span"),
            ("H<sub>2</sub>O and x<sup>2</sup>", "H_2O and x^2"),
            ("<ul><li>a</li><li>b</li></ul><ol><li>c</li><li>d</li></ol>", "- a\n- b\n\n1. c\n2. d"),
            ("<table><tr><th>x</th><th>y</th></tr><tr><td>1</td><td>2</td></tr></table>", "x | y\n1 | 2"),
            ("a &lt; b &amp;&amp; c &gt; d &nbsp;&nbsp;e &#8734; &bogus; &", "a < b && c > d   e ∞ &bogus; &"),
            ("\\( \\frac{a}{b} \\) and $$ x^{2} $$ and \\{ \\}", "\\( \\frac{a}{b} \\) and $$ x^{2} $$ and \\{ \\}"),
            ("a < b and c<3", "a < b and c<3"),
            ("e\u{301} \"q\" 'a'", "e\u{301} \"q\" 'a'"),
        ])
    func subset(_ html: String, _ text: String) {
        let reading = HTMLText.plain(html)
        #expect(reading.text == text)
        #expect(reading.leftOut.isEmpty)
    }

    @Test(
        "anything else is left out and said",
        arguments: [
            ("<p>Hi<img src=\"https://evil.example/x.png\"></p>", "Hi", ["moodle-xml.left-out.image-elsewhere"]),
            ("<p>Hi</p><script>alert('<p>x</p>')</script>", "Hi", ["moodle-xml.left-out.script"]),
            ("<iframe src=\"https://x\">inner</iframe>ok", "ok", ["moodle-xml.left-out.frame"]),
            ("<p onclick=\"steal()\">Hi</p>", "Hi", ["moodle-xml.left-out.event"]),
            ("<style>p{}</style><marquee>Hi</marquee>", "Hi", ["moodle-xml.left-out.style", "moodle-xml.left-out.tag"]),
            ("<form><input name=x><button>Go</button></form>Hi", "Hi", ["moodle-xml.left-out.form"]),
        ])
    func leftOut(_ html: String, _ text: String, _ keys: [String]) {
        let reading = HTMLText.plain(html)
        #expect(reading.text == text)
        #expect(reading.leftOut.map(\.key) == keys)
        #expect(!reading.text.contains("<"))
    }

    @Test("the file's own pictures are listed with their alt text")
    func pictures() {
        let reading = HTMLText.plain("<img alt=\"A graph\" src=\"@@PLUGINFILE@@/graph%20one.png\">")
        #expect(reading.pictures == [.init(name: "graph one.png", alt: "A graph")])
    }

    @Test("GIFT's [html] is read as plain text, what is left out said (students never see raw tags)")
    func giftHTML() throws {
        let parsed = GIFTParser.parse(#"::Q::[html]<p>Pick <b>one</b><img src\="https\://x/y.png"></p>{=<i>a</i> ~b#<script>x</script>no}"#)
        let question = try #require(parsed.questions.first)
        #expect(question.textFormat == .html)
        let (read, leftOut) = question.readingHTML()
        #expect(read.textFormat == .moodle)
        #expect(read.text == "Pick one")
        #expect(read.kind == .singleChoice(choices: [right("a"), wrong("b", "no")]))
        #expect(leftOut.map(\.key) == ["moodle-xml.left-out.image-elsewhere", "moodle-xml.left-out.script"])
    }

    @Test("random HTML never crashes the reader and never leaves a tag it does not know")
    func fuzz() {
        var rng = SystemRandomNumberGenerator()
        let pieces = [
            "<p>", "</p>", "<br>", "<script>", "</script>", "<", ">", "&", "&amp;", "&#", ";", "\"", "'", "=", "<img src=", "a", " ",
            "\u{301}", "<!--", "-->", "<li>", "</ul>", "<x y=z>",
        ]
        for _ in 0..<500 {
            let html = (0..<Int.random(in: 0..<40, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
            let reading = HTMLText.plain(html)
            #expect(!reading.text.contains("<script"))
        }
    }
}

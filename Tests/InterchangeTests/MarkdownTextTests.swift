import ExamPrepShared
import Foundation
import Testing

@testable import ExamPrepInterchange

/// GIFT's `[markdown]` read as plain text: the safe subset becomes its reading, TeX is kept,
/// anything else keeps its text and is said; `[html]` with a picture it cannot have is said too.
@Suite("Markdown text")
struct MarkdownTextTests {
    @Test(
        "the safe subset reads as plain text",
        arguments: [
            ("**Bold** and *italic* and __strong__ and _it_", "Bold and italic and strong and it"),
            ("one\ntwo", "one two"),
            ("one  \ntwo", "one\ntwo"),
            ("one\\\ntwo", "one\ntwo"),
            ("first\n\n\nsecond", "first\n\nsecond"),
            ("Pick:\n- a\n* b\n+ c", "Pick:\n- a\n- b\n- c"),
            ("1. one\n2) two", "1. one\n2. two"),
            ("| x | y |\n|---|:--:|\n| 1 | 2 |", "x | y\n1 | 2"),
            ("snake_case and 2*3*4 stay", "snake_case and 2*3*4 stay"),
            ("\\*not italic\\*", "*not italic*"),
            (
                "\\(a_1 * b_2 * c\\) and $$x_{*}^2$$ and \\[\\frac{*a*}{_b_}\\]",
                "\\(a_1 * b_2 * c\\) and $$x_{*}^2$$ and \\[\\frac{*a*}{_b_}\\]"
            ),
            ("e\u{301} \"quoted\" 'single'", "e\u{301} \"quoted\" 'single'"),
        ])
    func safeSubset(_ markdown: String, _ plain: String) {
        let reading = MarkdownText.plain(markdown)
        #expect(reading.text == plain)
        #expect(reading.leftOut.isEmpty)
    }

    @Test(
        "anything else keeps its text and is said",
        arguments: [
            ("# Title\ntext", "Title\ntext", "markdown.left-out.heading"),
            ("> quoted", "quoted", "markdown.left-out.quote"),
            ("use `x + 1`", "use x + 1", "markdown.left-out.code"),
            ("```\nlet x = 1\n```", "let x = 1", "markdown.left-out.code"),
            ("see [the notes](https://example.com/n)", "see the notes", "markdown.left-out.link"),
            ("look ![a cat](https://evil.example/cat.png)", "look", "markdown.left-out.picture"),
            ("a <script>alert(1)</script> b", "a alert(1) b", "markdown.left-out.html"),
        ])
    func reported(_ markdown: String, _ plain: String, _ key: String) {
        let reading = MarkdownText.plain(markdown)
        #expect(reading.text.trimmingCharacters(in: .whitespaces) == plain)
        #expect(reading.leftOut.map(\.key) == [key])
    }

    @Test("a [markdown] question is read as plain text, its choices too, its answers as typed")
    func giftMarkdown() throws {
        let result = GIFTParser.parse("::M::[markdown]What is **\\(x_1\\)**?{=*one* ~two}")
        let question = try #require(result.questions.first)
        #expect(question.textFormat == .markdown)
        let (read, leftOut) = question.readingHTML()
        #expect(read.textFormat == .moodle && read.text == "What is \\(x_1\\)?" && leftOut.isEmpty)
        #expect(read.kind == .singleChoice(choices: [right("one"), wrong("two")]))
    }

    @Test("[html] with a picture from another site and one of its own files: no raw tags, both said")
    func giftHTMLPictures() throws {
        let result = GIFTParser.parse(
            #"::H::[html]<p>Look <b>here</b>:<img src\="https\://evil.example/x.png"><img src\="@@PLUGINFILE@@/own.png" alt\="o"></p>{}"#)
        let (read, leftOut) = try #require(result.questions.first).readingHTML()
        #expect(read.text == "Look here:")
        #expect(
            leftOut == [Message("moodle-xml.left-out.image-elsewhere"), Message("moodle-xml.file-missing", ["name": .text("own.png")])])
    }

    @Test("random Markdown never traps and never grows past its input and TeX")
    func fuzz() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "*", "**", "_", "__", "`", "[", "](", ")", "![", "\\", "\\(", "\\)", "$$", "|", "---", "\n", "  \n", "# ", "> ", "- ", "1. ",
            "<b", ">", "x", " ", "e\u{301}", "\"",
        ]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let reading = MarkdownText.plain(text)
            #expect(reading.text.count <= 3 * text.count + 8, "\(text.debugDescription)")
        }
    }
}

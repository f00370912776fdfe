import Testing

@testable import ExamPrepFormulas

/// Question text: escaped words, formulas between Moodle's delimiters.
struct RichTextTests {
    @Test func plainTextIsEscapedAndKeepsLineBreaks() throws {
        #expect(try RichText.html("a < b & \"c\"\n'd'") == "a &lt; b &amp; &quot;c&quot;\n&#39;d&#39;")
    }

    @Test func delimiters() throws {
        #expect(try RichText.html("Half: \\(\\frac12\\).") == "Half: <math display=\"inline\"><mfrac><mn>1</mn><mn>2</mn></mfrac></math>.")
        #expect(try RichText.html("\\[x\\]") == "<math display=\"block\"><mi>x</mi></math>")
        #expect(try RichText.html("$$x$$") == "<math display=\"block\"><mi>x</mi></math>")
        #expect(try RichText.html("It costs $5 and $6.") == "It costs $5 and $6.")
        #expect(try RichText.html("a stray \\) stays") == "a stray \\) stays")
    }

    @Test func scriptAroundAFormulaIsEscaped() throws {
        let html = try RichText.html("<script>alert(1)</script> \\(x<y\\)")
        #expect(
            html == "&lt;script&gt;alert(1)&lt;/script&gt; <math display=\"inline\"><mrow><mi>x</mi><mo>&lt;</mo><mi>y</mi></mrow></math>")
    }

    @Test func refusalsCountFormulas() {
        #expect(throws: FormulaError(.unknownCommand("\\foo"), offset: 3, formula: 2)) {
            try RichText.html("\\(x\\) and \\(1+\\foo\\)")
        }
        #expect(throws: FormulaError(.unclosedFormula("\\("), offset: 1, formula: 1)) { try RichText.html("see \\(x") }
        #expect(throws: FormulaError(.unclosedFormula("$$"), offset: 1, formula: 2)) { try RichText.html("$$x$$ $$y") }
        let many = String(repeating: "\\(x\\)", count: 201)
        #expect(throws: FormulaError(.tooManyFormulas(200), offset: 1, formula: 201)) { try RichText.html(many) }
        #expect(throws: Never.self) { try RichText.html(String(repeating: "\\(x\\)", count: 200)) }
    }

    @Test func combiningMarksAndQuotesAroundFormulas() throws {
        #expect(
            try RichText.html("e\u{301} \\(x\\)\u{301} \"q\"") == "e\u{301} <math display=\"inline\"><mi>x</mi></math>\u{301} &quot;q&quot;"
        )
        #expect(try RichText.html("\\(\u{301}x\\)") == "<math display=\"inline\"><mrow><mo>\u{301}</mo><mi>x</mi></mrow></math>")
    }

    @Test func pagesShowRefusedTextEscapedAndKeepConvertedTexts() {
        #expect(RichText.shown("<b> \\(\\foo\\)") == "&lt;b&gt; \\(\\foo\\)")
        #expect(RichText.shown("plain & simple") == "plain &amp; simple")
        let text = "cached \\(\\frac{1}{2}\\) \(UInt64.random(in: 0...UInt64.max))"
        #expect(RichText.cache.html(for: text) == nil)
        #expect(RichText.shown(text).contains("<mfrac>"))
        #expect(RichText.cache.html(for: text) == RichText.shown(text))
    }

    @Test func cacheStaysBounded() {
        let cache = RichTextCache(capacity: 3)
        for index in 0..<10 { cache.keep("html", for: "text \(index)") }
        #expect(cache.count <= 3)
        #expect(cache.html(for: "text 9") == "html")
    }

    @Test func aFormulaThatLabelsAControlIsNamedInPlainText() throws {
        #expect(
            try RichText.html("\\(\\frac{1}{2}\\)", labelled: true)
                == "<math display=\"inline\" aria-label=\"(1)/(2)\"><mfrac><mn>1</mn><mn>2</mn></mfrac></math>")
        #expect(try RichText.html("\\(\\sqrt[3]{x_1^2}<\\text{a\"b}\\)", labelled: true).contains("aria-label=\"3√(x_1^2)&lt;a&quot;b\""))
        #expect(RichText.shown("\\(x\\)", labelled: true) != RichText.shown("\\(x\\)"))
    }
}

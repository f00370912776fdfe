import ExamPrepFormulas
import ExamPrepInterchange
import Testing

/// GIFT keeps TeX both ways: escaped braces inside a formula (`\{ \}`, as GIFT needs them) read
/// as braces, `\(…\)` and `$$…$$` survive import and export, and what is read converts.
struct GIFTFormulaTests {
    static let file = """
        ::Half::Which number is \\(\\frac\\{1\\}\\{2\\}\\)? $$x^\\{2\\}$$ {=\\(0.5\\) ~\\(\\sqrt\\{2\\}\\)}
        """

    @Test func escapedBracesAndDelimitersSurviveImportAndExport() throws {
        let first = GIFTParser.parse(Self.file)
        let question = try #require(first.questions.first, "\(first.skipped.map(\.reason))")
        #expect(question.text == "Which number is \\(\\frac{1}{2}\\)? $$x^{2}$$")
        #expect(try RichText.html(question.text).contains("<mfrac><mn>1</mn><mn>2</mn></mfrac>"))
        guard case .singleChoice(let choices) = question.kind else {
            Issue.record("not a single choice: \(question.kind)")
            return
        }
        #expect(choices.map(\.text) == ["\\(0.5\\)", "\\(\\sqrt{2}\\)"])
        let again = GIFTParser.parse(GIFTWriter.write([question]))
        #expect(again.questions == [question])
    }
}

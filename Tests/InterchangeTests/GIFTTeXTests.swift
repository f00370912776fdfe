import Foundation
import Testing

@testable import ExamPrepInterchange

/// GIFT keeps TeX both ways: escaped braces inside a formula import as braces and export
/// escaped again; `\(…\)`, `\[…\]` and `$$…$$` pass through unchanged.
@Suite("GIFT and TeX")
struct GIFTTeXTests {
    static let formulas = [
        #"\(\frac{1}{2}\)"#, #"$$x^{2} + \sqrt[3]{y}$$"#, #"\[\left\{x\right\}\]"#, #"\(\begin{pmatrix}a&b\end{pmatrix}\)"#,
        #"\(H_2O\) and \(a \cdot b\)"#,
    ]

    @Test("a formula in the prompt, a choice and feedback comes back the same", arguments: formulas)
    func roundTrip(_ formula: String) throws {
        let question = Q(
            name: "TeX", text: "Compute " + formula, generalFeedback: formula,
            kind: .singleChoice(choices: [right(formula, formula), wrong("no")]))
        let gift = GIFTWriter.write([question])
        let back = GIFTParser.parse(gift)
        #expect(back.skipped.isEmpty, "\(back.skipped.map(\.reason))")
        #expect(back.questions == [question], "\(gift)")
    }

    @Test("GIFT-style escaped braces import as braces")
    func escapedBraces() throws {
        let parsed = GIFTParser.parse(#"::F::What is \(\frac\{1\}\{2\}\) of 4? {=2 ~8}"#)
        #expect(parsed.questions.first?.text == #"What is \(\frac{1}{2}\) of 4?"#)
    }
}

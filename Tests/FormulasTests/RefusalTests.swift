import ExamPrepFormulas
import Testing

/// What the converter refuses, and how the refusal names the fault and its place.
struct RefusalTests {
    private func refusal(_ tex: String) -> FormulaError? {
        do {
            _ = try TeXFormula.mathML(tex, display: false)
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownCommandIsNamedWithItsCharacter() {
        #expect(refusal("x + \\foo") == FormulaError(.unknownCommand("\\foo"), offset: 5))
        #expect(refusal("\\begin{tabular}x\\end{tabular}") == FormulaError(.unknownEnvironment("tabular"), offset: 1))
    }

    @Test func brokenArgumentsAndBraces() {
        #expect(refusal("\\frac{1}") == FormulaError(.missingArgument("\\frac"), offset: 1))
        #expect(refusal("x^") == FormulaError(.missingArgument("^"), offset: 2))
        #expect(refusal("{x") == FormulaError(.unclosed("{"), offset: 1))
        #expect(refusal("x}") == FormulaError(.unexpected("}"), offset: 2))
        #expect(refusal("a & b") == FormulaError(.unexpected("&"), offset: 3))
        #expect(refusal("\\left( x") == FormulaError(.unclosed("\\left"), offset: 1))
        #expect(refusal("x \\right)") == FormulaError(.unexpected("\\right"), offset: 3))
        #expect(refusal("x^2^3") == FormulaError(.doubleScript("^"), offset: 4))
        #expect(refusal("\\begin{pmatrix}1") == FormulaError(.unclosed("\\begin{pmatrix}"), offset: 1))
        #expect(refusal("\\text") == FormulaError(.missingArgument("\\text"), offset: 1))
        #expect(refusal("\\sqrt[3{x}") == FormulaError(.unclosed("["), offset: 6))
    }

    @Test func bounds() {
        #expect(refusal(String(repeating: "x", count: 2001)) == FormulaError(.tooLong(2000), offset: 2001))
        #expect(refusal(String(repeating: "x", count: 2000)) == nil)
        #expect(refusal(String(repeating: "{", count: 32) + "x" + String(repeating: "}", count: 32)) == nil)
        #expect(
            refusal(String(repeating: "{", count: 33) + "x" + String(repeating: "}", count: 33)) == FormulaError(.tooDeep(32), offset: 33))
        #expect(refusal(String(repeating: "\\sqrt", count: 40) + "x")?.kind == .tooDeep(32))
        #expect(refusal(String(repeating: "\\left(", count: 40))?.kind == .tooDeep(32))
    }
}

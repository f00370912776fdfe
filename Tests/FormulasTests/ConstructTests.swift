import ExamPrepFormulas
import Testing

/// Each construct of the TeX subset, converted to the MathML it must give.
struct ConstructTests {
    private func inline(_ tex: String) throws -> String {
        let math = try TeXFormula.mathML(tex, display: false)
        return String(math.dropFirst("<math display=\"inline\">".count).dropLast("</math>".count))
    }

    @Test func numbersLettersAndSigns() throws {
        #expect(try inline("x+3.14") == "<mrow><mi>x</mi><mo>+</mo><mn>3.14</mn></mrow>")
        #expect(try inline("a-b") == "<mrow><mi>a</mi><mo>−</mo><mi>b</mi></mrow>")
        #expect(try inline("12") == "<mn>12</mn>")
    }

    @Test func fractionsAndRoots() throws {
        #expect(try inline("\\frac{1}{2}") == "<mfrac><mn>1</mn><mn>2</mn></mfrac>")
        #expect(try inline("\\frac12") == "<mfrac><mn>1</mn><mn>2</mn></mfrac>")
        #expect(try inline("\\dfrac{a}{b}") == "<mfrac displaystyle=\"true\"><mi>a</mi><mi>b</mi></mfrac>")
        #expect(try inline("\\tfrac{a}{b}") == "<mfrac displaystyle=\"false\"><mi>a</mi><mi>b</mi></mfrac>")
        #expect(try inline("\\sqrt{x}") == "<msqrt><mi>x</mi></msqrt>")
        #expect(try inline("\\sqrt[3]{x+1}") == "<mroot><mrow><mi>x</mi><mo>+</mo><mn>1</mn></mrow><mn>3</mn></mroot>")
    }

    @Test func scripts() throws {
        #expect(try inline("x^2") == "<msup><mi>x</mi><mn>2</mn></msup>")
        #expect(try inline("x_1^2") == "<msubsup><mi>x</mi><mn>1</mn><mn>2</mn></msubsup>")
        #expect(try inline("x^{10}") == "<msup><mi>x</mi><mn>10</mn></msup>")
        #expect(try inline("H_2O") == "<mrow><msub><mi>H</mi><mn>2</mn></msub><mi>O</mi></mrow>")
        #expect(try inline("f'") == "<msup><mi>f</mi><mo>′</mo></msup>")
        #expect(try inline("90^\\circ") == "<msup><mn>90</mn><mo>∘</mo></msup>")
    }

    @Test func largeOperatorsTakeLimits() throws {
        #expect(
            try inline("\\sum_{i=1}^{n} i")
                == "<mrow><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><mi>i</mi></mrow>")
        #expect(try inline("\\int_0^1") == "<msubsup><mo>∫</mo><mn>0</mn><mn>1</mn></msubsup>")
        #expect(try inline("\\lim_{x\\to 0}") == "<munder><mo>lim</mo><mrow><mi>x</mi><mo>→</mo><mn>0</mn></mrow></munder>")
        #expect(try inline("\\prod_k") == "<munder><mo>∏</mo><mi>k</mi></munder>")
    }

    @Test func greekAndSymbols() throws {
        #expect(try inline("\\alpha\\Omega") == "<mrow><mi>α</mi><mi>Ω</mi></mrow>")
        #expect(try inline("a\\cdot b") == "<mrow><mi>a</mi><mo>⋅</mo><mi>b</mi></mrow>")
        #expect(
            try inline("\\le\\ge\\ne\\approx\\pm\\times\\div")
                == "<mrow><mo>≤</mo><mo>≥</mo><mo>≠</mo><mo>≈</mo><mo>±</mo><mo>×</mo><mo>÷</mo></mrow>")
        #expect(try inline("\\infty") == "<mi>∞</mi>")
        #expect(try inline("50\\%") == "<mrow><mn>50</mn><mi>%</mi></mrow>")
        #expect(try inline("\\sin x") == "<mrow><mi>sin</mi><mi>x</mi></mrow>")
        #expect(try inline("a<b") == "<mrow><mi>a</mi><mo>&lt;</mo><mi>b</mi></mrow>")
    }

    @Test func fences() throws {
        #expect(
            try inline("\\left(x\\right)")
                == "<mrow><mo fence=\"true\" stretchy=\"true\">(</mo><mi>x</mi><mo fence=\"true\" stretchy=\"true\">)</mo></mrow>")
        #expect(
            try inline("\\left\\{x\\right.")
                == "<mrow><mo fence=\"true\" stretchy=\"true\">{</mo><mi>x</mi><mo fence=\"true\" stretchy=\"true\"></mo></mrow>")
        #expect(try inline("\\{x\\}") == "<mrow><mo stretchy=\"false\">{</mo><mi>x</mi><mo stretchy=\"false\">}</mo></mrow>")
    }

    @Test func environments() throws {
        let matrix = try inline("\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}")
        #expect(
            matrix
                == "<mrow><mo fence=\"true\" stretchy=\"true\">(</mo><mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>2</mn></mtd></mtr>"
                + "<mtr><mtd><mn>3</mn></mtd><mtd><mn>4</mn></mtd></mtr></mtable><mo fence=\"true\" stretchy=\"true\">)</mo></mrow>")
        let cases = try inline("\\begin{cases}1 & x>0\\\\0 & x\\le 0\\end{cases}")
        #expect(cases.hasPrefix("<mrow><mo fence=\"true\" stretchy=\"true\">{</mo><mtable><mtr><mtd columnalign=\"left\">"))
        let aligned = try inline("\\begin{aligned}a&=b\\\\c&=d\\\\\\end{aligned}")
        #expect(aligned.split(separator: "<mtr>").count == 3)
        #expect(
            aligned.contains("<mtd columnalign=\"right\"><mi>a</mi></mtd><mtd columnalign=\"left\"><mo>=</mo><mi>b</mi></mtd>")
        )
        #expect(try inline("\\begin{bmatrix}a\\end{bmatrix}").contains("<mo fence=\"true\" stretchy=\"true\">[</mo>"))
    }

    @Test func textAndStyles() throws {
        #expect(try inline("\\text{if } x") == "<mrow><mtext>if\u{A0}</mtext><mi>x</mi></mrow>")
        #expect(try inline("\\text{a<b}") == "<mtext>a&lt;b</mtext>")
        #expect(try inline("\\mathrm{d}x") == "<mrow><mi mathvariant=\"normal\">d</mi><mi>x</mi></mrow>")
        #expect(try inline("\\mathbf{v}") == "<mi>𝐯</mi>")
        #expect(try inline("\\mathbb{R}") == "<mi>ℝ</mi>")
        #expect(try inline("\\vec{v}") == "<mover accent=\"true\"><mi>v</mi><mo>→</mo></mover>")
        #expect(try inline("\\overline{AB}") == "<mover accent=\"true\"><mrow><mi>A</mi><mi>B</mi></mrow><mo>―</mo></mover>")
        #expect(
            try inline("a\\,b\\quad c")
                == "<mrow><mi>a</mi><mspace width=\"0.167em\"></mspace><mi>b</mi><mspace width=\"1em\"></mspace><mi>c</mi></mrow>")
    }

    @Test func displayFormula() throws {
        #expect(try TeXFormula.mathML("x", display: true) == "<math display=\"block\"><mi>x</mi></math>")
    }
}

import Testing

@testable import ExamPrepFormulas

/// Random and hostile TeX: the converter only ever returns MathML (well formed) or a refusal.
struct FuzzTests {
    /// SplitMix64: the same seed gives the same inputs on every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Every command the converter knows, with its backslash.
    static let commands: [String] = {
        let names =
            Array(TeXSymbols.identifiers.keys) + Array(TeXSymbols.operators.keys) + Array(TeXSymbols.limitOperators.keys)
            + Array(TeXSymbols.integrals.keys) + Array(TeXSymbols.functions) + Array(TeXSymbols.spaces.keys)
            + Array(TeXSymbols.accents.keys) + Array(TeXSymbols.ignored)
            + [
                "frac", "dfrac", "tfrac", "cfrac", "binom", "sqrt", "text", "mbox", "operatorname", "mathrm", "mathbf", "mathbb",
                "mathcal", "mathsf", "boldsymbol", "left", "right", "begin", "end", "\\",
            ]
        return names.sorted().map { "\\" + $0 }
    }()

    static let pieces: [String] =
        commands + [
            "{", "}", "{", "}", "^", "_", "&", "[", "]", "(", ")", "|", ".", "x", "2", "3.5", " ", "'", "-", "+", "=", "<", ">",
            "%", "$", "#", "~", "ą", "\u{301}", "\"", "\\foo", "{pmatrix}", "{cases}", "{aligned}", "{array}", "{rl}",
        ]

    /// MathML that a reader accepts, or a refusal: anything else fails the test.
    static func check(_ tex: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let math = try TeXFormula.mathML(tex, display: false)
            #expect(math.hasPrefix("<math display=\"inline\">") && MathMLTree.read(math) != nil, "\(tex)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.offset >= 1 && error.offset <= max(tex.count, 1) + 1, "\(tex): \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func randomTeX() {
        var generator = Generator(state: 68)
        for _ in 0..<5000 {
            let length = Int.random(in: 1...40, using: &generator)
            let tex = (0..<length).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined()
            Self.check(tex)
        }
    }

    @Test func everyCommandWithMissingOrBrokenArguments() {
        for command in Self.commands {
            for tail in ["", "{", "}", "{x", "{x}", "{x}{", "[", "[2", "[2]", "^", "_", "&", "\\\\", "\\right", "\\end{x}", "{}{}", " x y"]
            {
                Self.check(command + tail)
                Self.check("{" + command + tail)
                Self.check("x^" + command + tail)
            }
        }
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        for opener in [
            "{", "\\sqrt{", "\\frac{", "x^{", "\\left(", "\\begin{pmatrix}", "\\text{", "\\mathbf{", "\\vec{", "\\sqrt[", "\\sqrt",
        ] {
            let deep = String(repeating: opener, count: 1900 / opener.count)
            Self.check(deep)
            Self.check(deep + "x" + String(repeating: "}", count: 1900 / opener.count))
        }
        Self.check(String(repeating: "x^", count: 1000))
        Self.check(String(repeating: "\\frac", count: 400))
    }

    @Test func unbalancedAndHugeInputs() {
        for text in [String(repeating: "}", count: 2000), String(repeating: "{", count: 2000), String(repeating: "x", count: 100_000)] {
            Self.check(text)
        }
        var generator = Generator(state: 7)
        for _ in 0..<200 {
            let tex = (0..<300).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined()
            Self.check(String(tex.prefix(2000)))
        }
        let longText = String(repeating: "\\(x^2\\) and \\[\\frac{1}{2}\\] $$", count: 150)
        #expect(throws: FormulaError.self) { try RichText.html(longText) }
        #expect(throws: FormulaError.self) { try RichText.html(String(repeating: "\\(", count: 50_000)) }
    }
}

import Foundation
import Testing

@testable import ExamPrepInterchange

/// The rule fixture: what each question written from a GIFT rule becomes.
@Suite("GIFT rules")
struct GIFTRuleTests {
    static let algebra = ["Mathematics", "Algebra"]
    static let geometry = ["Default for Course/2024", "Geometry"]

    static let expected: [Expected] = [
        Expected(
            marker: "::Plain TF::",
            question: Q(
                name: "Plain TF", text: "Water boils at 100 °C at sea level.",
                kind: .trueFalse(answer: true, feedbackWhenWrong: "It does, at sea level.", feedbackWhenRight: "Right."))),
        Expected(
            marker: "::TF right only::",
            question: Q(
                name: "TF right only", text: "The Earth is flat.",
                kind: .trueFalse(answer: false, feedbackWhenWrong: nil, feedbackWhenRight: "Correct, it is not."))),
        Expected(
            marker: "::TF general::",
            question: Q(
                name: "TF general", text: "Paris is in France.", generalFeedback: "Paris is the capital of France.",
                kind: .trueFalse(answer: true, feedbackWhenWrong: nil, feedbackWhenRight: nil))),
        Expected(
            marker: "::Lower-case true",
            question: Q(
                name: "Lower-case true is short answer", text: "Type the word true.",
                kind: .shortAnswer(answers: [accept("true")]))),
        Expected(
            marker: "::Partial credit::",
            question: Q(
                name: "Partial credit", category: algebra, tags: ["algebra", "week 1", "a]b"], id: "alg-001",
                text: "What is 2 + 2?", generalFeedback: "Add the numbers.",
                kind: .singleChoice(choices: [
                    right("4", "Right."), weighted(50, "four", "Spelled out, half credit."), weighted(-25, "5", "No."),
                ]))),
        Expected(
            marker: "::Thirds::",
            question: Q(
                name: "Thirds", category: algebra, text: "Which are prime?",
                kind: .multipleChoice(choices: [
                    weighted(33.33333, "2"), weighted(33.33333, "3"), weighted(33.33333, "5"),
                    weighted(-100, "4", "Four is 2 × 2."),
                ]))),
        Expected(
            marker: "::Rounded weight::",
            question: Q(
                name: "Rounded weight", category: algebra, text: "Pick the best.",
                kind: .multipleChoice(choices: [
                    weighted(12.34568, "good"), weighted(87.65432, "better"), wrong("worse"),
                ]))),
        Expected(
            marker: "::Escapes",
            question: Q(
                name: "Escapes: all of them", category: geometry,
                text: "Escaped ~ = # { } : \\ and a\nnew line.",
                kind: .singleChoice(choices: [right("a = b", "{braces} and #hash"), wrong("c ~ d")]))),
        Expected(
            marker: "::Formats html::",
            question: Q(
                name: "Formats html", category: geometry, textFormat: .html, text: "<p>What is <b>bold</b>?</p>",
                kind: .singleChoice(choices: [right("strong"), wrong("weak")]))),
        Expected(
            marker: "[markdown]*Emphasis*",
            question: Q(
                category: geometry, textFormat: .markdown, text: "*Emphasis* is written with?",
                kind: .singleChoice(choices: [right("asterisks"), wrong("hashes")]))),
        Expected(
            marker: "::Plain format::",
            question: Q(
                name: "Plain format", category: geometry, textFormat: .plain, text: "Is 1 < 2?",
                kind: .trueFalse(answer: true, feedbackWhenWrong: nil, feedbackWhenRight: nil))),
        Expected(
            marker: "[moodle]Moodle",
            question: Q(
                category: geometry, text: "Moodle auto-format.", kind: .singleChoice(choices: [right("yes"), wrong("no")]))),
        Expected(
            marker: "[unknown]",
            question: Q(
                category: geometry, text: "[unknown]Brackets that are no format stay text.",
                kind: .singleChoice(choices: [right("yes"), wrong("no")]))),
        Expected(
            marker: "::Multi-line",
            question: Q(
                name: "Multi-line\ntext", category: geometry, text: "First line\nsecond line\nthird line",
                kind: .singleChoice(choices: [right("ok"), wrong("not ok")]))),
        Expected(
            marker: "::SA wildcard::",
            question: Q(
                name: "SA wildcard", category: geometry, text: "Capital of France?",
                kind: .shortAnswer(answers: [
                    accept("Paris", 100, "Right."), accept("paris city", 50, "Close."), accept("*", 0, "Any other answer."),
                ]))),
        Expected(
            marker: "::SA single without equals::",
            question: Q(
                name: "SA single without equals", category: geometry, text: "Which country has the most people?",
                kind: .shortAnswer(answers: [accept("India")]))),
        Expected(
            marker: "::Numerical forms::",
            question: Q(
                name: "Numerical forms", category: geometry, text: "Give a number.", generalFeedback: "Numbers are fun.",
                kind: .numerical(
                    answers: [
                        .exact(2.5, tolerance: 0.5, feedback: "Within half."), .range(1, 4, weight: 50, feedback: "Roughly."),
                        .range(-10, -5, weight: 25), .exact(1500, weight: 10),
                    ], otherwiseFeedback: "Not close at all."))),
        Expected(
            marker: "::Numerical negative::",
            question: Q(
                name: "Numerical negative", category: geometry, text: "Below zero?",
                kind: .numerical(answers: [.exact(-40, tolerance: 0.5)], otherwiseFeedback: nil))),
        Expected(
            marker: "::Matching distractors::",
            question: Q(
                name: "Matching distractors", category: geometry, text: "Match the animal with its sound.",
                generalFeedback: "Cows moo, ducks quack.",
                kind: .matching(pairs: [pair("dog", "woof"), pair("cat", "meow")], distractors: ["moo", "quack"]))),
        Expected(
            marker: "::Matching escapes::",
            question: Q(
                name: "Matching escapes", category: geometry, text: "Match the symbols.",
                kind: .matching(pairs: [pair("=", "equals"), pair("~", "tilde")], distractors: []))),
        Expected(
            marker: "::Weight after equals::",
            question: Q(
                name: "Weight after equals", category: geometry, text: "Moodle reads a weight after = as text.",
                kind: .singleChoice(choices: [right("%50%half"), wrong("none")]))),
        Expected(
            marker: "::Spaces around markers::",
            question: Q(
                name: "Spaces around markers", category: geometry, text: "Odd spacing?",
                kind: .singleChoice(choices: [right("yes", "fine"), wrong("no")]))),
    ]

    @Test("each rule question imports as the rule says, at its line")
    func ruleFixture() {
        let source = RuleFixture.text
        check(GIFTParser.parse(source), source: source, questions: Self.expected, skips: [])
    }

    @Test("Windows line endings give the same questions at the same lines")
    func windowsLineEndings() {
        let unix = GIFTParser.parse(RuleFixture.text)
        let windows = GIFTParser.parse(RuleFixture.text.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(windows == unix)
        #expect(windows.questions.map(\.line) == unix.questions.map(\.line))
        let oldMac = GIFTParser.parse(RuleFixture.text.replacingOccurrences(of: "\n", with: "\r"))
        #expect(oldMac.questions.map(\.line) == unix.questions.map(\.line))
    }

    @Test("a UTF-8 byte order mark is ignored")
    func byteOrderMark() {
        // A server decoding the request body byte for byte keeps the mark.
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(RuleFixture.text.utf8)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.unicodeScalars.first == "\u{FEFF}")
        let parsed = GIFTParser.parse(text)
        #expect(parsed == GIFTParser.parse(RuleFixture.text))
        #expect(parsed.questions.first?.line == 3)
    }

    @Test("blank lines made of spaces and tabs separate questions")
    func whitespaceBlankLines() {
        let result = GIFTParser.parse("A?{T}\n \t \nB?{F}")
        #expect(result.questions.map(\.text) == ["A?", "B?"])
        #expect(result.questions.map(\.line) == [1, 3])
    }

    @Test("tags and id come only from comments in the question's own block")
    func metadataScope() {
        let source = "// [id:lost] [tag:lost]\n\n// [id:7]  [id:8] [tag: spaced ] [tag:] [tag:<b>]\nQ?{T}"
        let question = GIFTParser.parse(source).questions.first
        #expect(question?.id == "7")
        #expect(question?.tags == ["spaced"])
        #expect(question?.line == 4)
    }

    @Test("categories: nesting, contexts, escaped slashes, and a category line inside a block")
    func categories() {
        #expect(GIFTCategory.path(from: " tom/dick/harry ") == ["tom", "dick", "harry"])
        #expect(GIFTCategory.path(from: "$system$/top/Shared") == ["Shared"])
        #expect(GIFTCategory.path(from: "$course$/top") == [])
        #expect(GIFTCategory.path(from: "a//b/c") == ["a/b", "c"])
        #expect(GIFTCategory.path(from: "top/x") == ["top", "x"])
        let inline = GIFTParser.parse("$CATEGORY: one\nQ?{T}\n\nR?{F}")
        #expect(inline.questions.map(\.category) == [["one"], ["one"]])
        #expect(inline.questions.first?.line == 2)
    }

    @Test("numbers: what PHP's is_numeric takes, finite only; weights: -?digits[.digits]")
    func numberSyntax() {
        for good in ["5", "-5", "+5", ".5", "5.", "3.14159", "1e3", "1E-3", "-2.5e+2"] {
            #expect(GIFTNumbers.decimal(good) != nil, "\(good)")
        }
        for bad in ["", "e3", "1e", "0x10", "inf", "nan", "NaN", "1,5", " 1", "1..2", "--1", "1e999"] {
            #expect(GIFTNumbers.decimal(bad) == nil, "\(bad)")
        }
        #expect(["50", "-100", "33.33333", "5."].allSatisfy(GIFTNumbers.isWeightSyntax))
        #expect(!["+50", ".5", "5%", "abc", "", "-"].contains(where: GIFTNumbers.isWeightSyntax))
        // Not weight-shaped: ordinary answer text with the default weight, as in Moodle.
        let kind = GIFTParser.parse("Q {~%abc%x =y}").questions.first?.kind
        #expect(kind == .singleChoice(choices: [wrong("%abc%x"), right("y")]))
    }

    @Test("kinds are decided in Moodle's order")
    func kindOrder() {
        func kind(_ answers: String) -> String? {
            GIFTParser.parse("Q {\(answers)}").questions.first?.kind.displayName
        }
        #expect(kind("#5") == "numerical")
        #expect(kind("=a -> b ~c") == "single choice")  // a tilde wins over ->
        #expect(kind("=a -> b =c -> d") == "matching")
        #expect(kind("FALSE#no") == "true/false")
        #expect(kind("TRUE ") == "true/false")
        #expect(kind("T F") == "short answer")
        #expect(kind("=T") == "short answer")
        #expect(kind("a -> b") == "short answer")  // -> without = is not matching
    }
}

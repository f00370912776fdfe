import ExamPrepTestSupport
import Foundation
import Testing

@testable import ExamPrepInterchange

/// Thousands of generated and mutated inputs: the parsers never crash, every question
/// block is either imported or skipped, and whatever is imported is sound and exports back
/// to itself.
@Suite("Fuzzing")
struct GIFTFuzzTests {
    static let sources = [MoodleDocFixture.text, RuleFixture.text, GIFTSkipTests.source, AikenParserTests.moodleExample]

    /// Checks what must hold for any input; returns how many questions were imported.
    @discardableResult
    static func checkInvariants(_ text: String) -> Int {
        let result = GIFTParser.parse(text)
        let lineCount = GIFTScanner.lines(of: text).count
        #expect(
            result.questions.count + result.skipped.count == FuzzInput.questionBlockCount(text),
            "every question block is imported or skipped: \(text.debugDescription)")
        for skipped in result.skipped {
            #expect((1...lineCount).contains(skipped.line) && !skipped.reason.isEmpty, "\(text.debugDescription)")
        }
        for question in result.questions {
            #expect((1...lineCount).contains(question.line), "\(text.debugDescription)")
            #expect(!question.text.isEmpty && isSound(question.kind), "\(text.debugDescription)")
            #expect(GIFTWriter.roundTripProblems(of: question).isEmpty, "round trip: \(text.debugDescription)")
        }
        let aiken = AikenParser.parse(text)
        for question in aiken.questions {
            guard case .singleChoice(let choices) = question.kind else {
                Issue.record("Aiken gives single choice only")
                continue
            }
            #expect(choices.count >= 2 && choices.filter { $0.weight == 100 }.count == 1)
        }
        return result.questions.count
    }

    /// Weights in −100…100 and finite numbers everywhere.
    static func isSound(_ kind: InterchangeQuestion.Kind) -> Bool {
        func weight(_ w: Double) -> Bool { w.isFinite && w >= -100 && w <= 100 }
        switch kind {
        case .singleChoice(let choices), .multipleChoice(let choices):
            return choices.count >= 2 && choices.allSatisfy { weight($0.weight) && !$0.text.isEmpty }
        case .shortAnswer(let answers):
            return !answers.isEmpty && answers.allSatisfy { weight($0.weight) && !$0.text.isEmpty }
        case .numerical(let answers, _):
            return !answers.isEmpty
                && answers.allSatisfy {
                    weight($0.weight) && $0.value.isFinite && ($0.tolerance ?? 0) >= 0
                        && ($0.min ?? 0).isFinite && ($0.max ?? 0).isFinite
                }
        case .matching(let pairs, let distractors):
            return pairs.count >= 2 && !pairs.contains { $0.item.isEmpty || $0.option.isEmpty }
                && !distractors.contains("")
        case .trueFalse, .essay, .description:
            return true
        }
    }

    @Test("2,000 inputs of GIFT-shaped token soup")
    func tokenSoup() {
        var rng = SplitMix64(seed: 25)
        var imported = 0
        for _ in 0..<2_000 { imported += Self.checkInvariants(FuzzInput.tokenSoup(&rng)) }
        #expect(imported > 0)
    }

    @Test("1,500 inputs of random bytes")
    func randomBytes() {
        var rng = SplitMix64(seed: 2_025)
        for _ in 0..<1_500 { Self.checkInvariants(FuzzInput.randomBytes(&rng)) }
    }

    @Test("2,000 mutations of the fixtures, combining marks included")
    func mutations() {
        var rng = SplitMix64(seed: 4_711)
        var imported = 0
        for round in 0..<2_000 {
            let source = Self.sources[round % Self.sources.count]
            imported += Self.checkInvariants(FuzzInput.mutation(of: source, &rng))
        }
        #expect(imported > 500)
    }

    @Test("edge inputs: lone braces, a trailing backslash, huge numbers, deep nesting")
    func edges() {
        let inputs = [
            "{", "}", "{}", "}{", "\\", "Q {\\", "Q {=a ~b}\\", "::", "::::", ":: ::", "[", "[html]", "[html]{T}",
            "Q {#" + String(repeating: "9", count: 5_000) + "}", "Q {~%" + String(repeating: "1", count: 500) + "%a ~b}",
            "Q {#NaN:NaN}", "Q {#1..}", "Q {#..1}", "Q {#:1}", "Q {####}", "Q {#####}", "Q {~}", "Q {=}", "Q {#~}",
            "Q {" + String(repeating: "{", count: 10_000) + "}", String(repeating: "::a::", count: 1_000) + "{T}",
            "$CATEGORY:", "$CATEGORY: ///", "$CATEGORY: $course$", "// [id:] [tag:\\] [tag:",
            String(repeating: "\n", count: 10_000) + "Q {T}", "Q\u{0}{T\u{0}}", "\u{FEFF}\u{FEFF}Q {T}",
        ]
        for input in inputs { Self.checkInvariants(input) }
        #expect(GIFTParser.parse(String(repeating: "\n", count: 10_000) + "Q {T}").questions.first?.line == 10_001)
    }

    @Test("the writer never traps, whatever the model holds")
    func writerWithWildValues() {
        let wild: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, .leastNonzeroMagnitude, 1e12, -0.0]
        var rng = SplitMix64(seed: 99)
        for value in wild {
            let text = FuzzInput.tokenSoup(&rng)
            let questions = [
                Q(text: text, kind: .multipleChoice(choices: [weighted(value, text), weighted(value, "")])),
                Q(
                    text: text,
                    kind: .numerical(
                        answers: [
                            .exact(value, tolerance: value, weight: value), .range(value, -value, weight: value),
                        ], otherwiseFeedback: text)),
                Q(
                    name: text, category: [text, "", "/"], tags: [text], id: text, text: "",
                    kind: .shortAnswer(answers: [accept(text, value)])),
            ]
            let written = GIFTWriter.write(questions)
            #expect(!written.isEmpty)
            for question in questions { _ = GIFTWriter.roundTripProblems(of: question) }
        }
    }
}

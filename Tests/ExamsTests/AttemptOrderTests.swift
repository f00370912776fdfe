import ExamPrepExams
import ExamPrepShared
import ExamPrepTestSupport
import Testing

/// The order an attempt shows its questions and choices in: drawn with the generator it is
/// given, so one seed gives one order, and kept whole (nothing lost, nothing twice).
@Suite("Exams: an attempt's order")
struct AttemptOrderTests {
    static let questions = (1...12).map { id in
        Questions.make(id, .multipleChoice, choices: ["a", "b", "c", "d", "e"].map { Questions.choice($0, correct: $0 == "a") })
    }

    static func order(seed: UInt64) -> AttemptOrder {
        var random = SplitMix64(seed: seed)
        return AttemptOrder(questions: questions, shuffleQuestions: true, shuffleChoices: true, using: &random)
    }

    @Test func oneSeedGivesOneOrderAndAnotherSeedAnother() {
        #expect(Self.order(seed: 7) == Self.order(seed: 7))
        #expect(Self.order(seed: 7).questions.map(\.id) != Self.order(seed: 8).questions.map(\.id))
    }

    @Test func theOrderKeepsEveryQuestionAndChoiceOnce() {
        for seed in UInt64(0)..<50 {
            let order = Self.order(seed: seed)
            #expect(order.questions.map(\.id).sorted() == Array(1...12))
            for question in Self.questions {
                #expect(order.choiceKeys?[question.id]?.sorted() == ["a", "b", "c", "d", "e"])
            }
            let shown = AttemptOrder.ordered(order.questions, choiceKeys: order.choiceKeys)
            #expect(shown.allSatisfy { question in question.choices.map(\.key) == order.choiceKeys?[question.id] })
        }
    }

    @Test func choicesFollowTheKeptOrderAndUnknownKeysGoLast() {
        let question = Questions.make(
            1, .singleChoice, choices: [Questions.choice("a", correct: true), Questions.choice("b"), Questions.choice("c")])
        let ordered = AttemptOrder.ordered([question], choiceKeys: [1: ["c", "a"]])
        #expect(ordered.first?.choices.map(\.key) == ["c", "a", "b"])
        #expect(AttemptOrder.ordered([question], choiceKeys: nil) == [question])
    }

    @Test func withoutShufflingTheAuthorsOrderStays() {
        var random = SplitMix64(seed: 1)
        let order = AttemptOrder(questions: Self.questions, shuffleQuestions: false, shuffleChoices: false, using: &random)
        #expect(order.questions.map(\.id) == Array(1...12) && order.choiceKeys == nil)
    }
}

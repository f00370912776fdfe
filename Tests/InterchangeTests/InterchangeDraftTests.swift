import ExamPrepShared
import Foundation
import Testing

@testable import ExamPrepInterchange

/// A question read from a GIFT file in the API's shape (`InterchangeQuestion.draft`): its kind,
/// points, topic and tags, the right answers named by the random ids its choices get.
@Suite("A file's question as the API's draft")
struct InterchangeDraftTests {
    private func only(_ gift: String) throws -> InterchangeQuestion {
        let parsed = GIFTParser.parse(gift)
        #expect(parsed.skipped.isEmpty)
        return try #require(parsed.questions.first)
    }

    @Test("Single choice: worth 1, every choice an id of its own, the answer the right one's")
    func singleChoice() throws {
        let draft = try only("$CATEGORY: Maths/Sums\n// [tag:week 1]\n::Sum:: 2 + 2? {~3 =4#Yes. ~5}").draft
        #expect(draft.kind == .singleChoice)
        #expect(draft.points == 1)
        #expect(draft.name == "Sum")
        #expect(draft.topic == "Maths/Sums")
        #expect(draft.tags == ["week 1"])
        let choices = try #require(draft.choices)
        #expect(choices.map(\.text) == ["3", "4", "5"])
        #expect(Set(choices.map(\.id)).count == 3)
        #expect(choices.allSatisfy { $0.id.count == 8 && $0.id.allSatisfy { $0.isLowercase || $0.isNumber } })
        #expect(choices[1].feedback == "Yes.")
        guard case .text(let right)? = draft.answer else {
            Issue.record("the answer is not one choice: \(String(describing: draft.answer))")
            return
        }
        #expect(right == choices[1].id)
    }

    @Test("Multiple choice: the answer names every choice of a weight above 0")
    func multipleChoice() throws {
        let draft = try only("Pick the primes. {~%50%2 ~%50%3 ~%-100%4}").draft
        #expect(draft.kind == .multipleChoice)
        let choices = try #require(draft.choices)
        #expect(choices.map(\.weight) == [50, 50, -100])
        guard case .texts(let right)? = draft.answer else {
            Issue.record("the answer is not a list of choices: \(String(describing: draft.answer))")
            return
        }
        #expect(right == [choices[0].id, choices[1].id])
    }

    @Test("Matching: each option text once, the distractor last, every item paired")
    func matching() throws {
        let draft = try only("Match. {=cat -> animal =dog -> animal =rose -> plant}").draft
        #expect(draft.kind == .matching)
        let items = try #require(draft.items)
        let options = try #require(draft.options)
        #expect(items.map(\.text) == ["cat", "dog", "rose"])
        #expect(options.map(\.text) == ["animal", "plant"])
        guard case .matches(let pairs)? = draft.answer else {
            Issue.record("the answer is not pairs: \(String(describing: draft.answer))")
            return
        }
        #expect(pairs[items[0].id] == options[0].id)
        #expect(pairs[items[1].id] == options[0].id)
        #expect(pairs[items[2].id] == options[1].id)
    }

    @Test("A description is worth 0 and has no answer; true/false keeps its feedbacks; a short answer its weights")
    func otherKinds() throws {
        let description = try only("Read the text below.").draft
        #expect(description.kind == .description)
        #expect(description.points == 0)
        #expect(description.answer == nil)
        let trueFalse = try only("The sky is green. {F#Look again.#Right.}").draft
        #expect(trueFalse.kind == .trueFalse)
        #expect(trueFalse.answer == .bool(false))
        #expect(trueFalse.feedbackWhenWrong == "Look again.")
        #expect(trueFalse.feedbackWhenRight == "Right.")
        let short = try only("Capital of France? {=Paris =%50%paris city}").draft
        #expect(short.kind == .shortAnswer)
        #expect(short.answer?.textAnswers?.map(\.weight) == [nil, 50])
    }
}

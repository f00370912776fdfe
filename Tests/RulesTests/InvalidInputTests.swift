import ExamPrepExams
import ExamPrepRules
import ExamPrepShared
import Testing

/// An answer's refusal by the pure answer rules (`AnswerRefusal`) becomes the server's
/// `InvalidInput` in one place, with its sentence and the field it names unchanged.
@Suite("Rules: an answer's refusal as InvalidInput")
struct InvalidInputTests {
    @Test("InvalidInput(refusal) carries the refusal's sentence and values")
    func fromAnswerRefusal() {
        let refusal = AnswerRefusal("validation.finite", ["field": .text("answers[0].number")])
        #expect(InvalidInput(refusal) == InvalidInput("validation.finite", ["field": .text("answers[0].number")]))
        #expect(InvalidInput(refusal).message == refusal.message)
    }

    @Test("a practice answer the answer rules refuse is refused as InvalidInput naming its field")
    func practiceAnswer() throws {
        let draft = QuestionDraft(
            kind: .singleChoice, prompt: "Which?", points: 1, choices: [Choice(id: "a", text: "A"), Choice(id: "b", text: "B")],
            answer: .text("a"))
        let question = StoredQuestion(try QuestionValidation.validate(draft, field: "question"), id: 9)
        let refused = try #require(throws: InvalidInput.self) {
            try AnswerChecks.validate(AnswerInput(questionId: 9, value: true), for: question, field: "answer")
        }
        let expected = try #require(throws: AnswerRefusal.self) {
            try AnswerValidation.validate(AnswerInput(questionId: 9, value: true), for: question, field: "answer")
        }
        #expect(refused == InvalidInput(expected))
        #expect(refused.message.values["field"] != nil)
        #expect(try AnswerChecks.validate(AnswerInput(questionId: 9, choiceIds: ["a"]), for: question, field: "answer").choiceIds == ["a"])
    }
}

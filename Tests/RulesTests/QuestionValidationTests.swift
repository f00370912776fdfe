import ExamPrepExams
import ExamPrepRules
import ExamPrepShared
import Testing

/// A question's rules through the target's public API (what the bank, the exam editor and a
/// file's import call): each refusal names the field it is about.
@Suite("Rules: a question's rules")
struct QuestionValidationTests {
    /// A single-choice question with `prompt`, choices a and b, and `answer` named right.
    static func single(_ prompt: String = "Which?", answer: QuestionAnswer? = .text("a"), weights: [Double?] = [nil, nil]) -> QuestionDraft
    {
        QuestionDraft(
            kind: .singleChoice, prompt: prompt, points: 2,
            choices: [Choice(id: "a", text: "A", weight: weights[0]), Choice(id: "b", text: "B", weight: weights[1])], answer: answer)
    }

    /// The refusal's key and field ("key at field"), or nil when the question passes.
    func refusal(_ draft: QuestionDraft) -> String? {
        do {
            _ = try QuestionValidation.validate(draft, field: "questions[3]")
            return nil
        } catch let invalid as InvalidInput {
            guard case .text(let field)? = invalid.message.values["field"] else { return invalid.message.key }
            return invalid.message.key + " at " + field
        } catch {
            return "\(error)"
        }
    }

    @Test("a valid single-choice question keeps its texts trimmed and its right choice")
    func valid() throws {
        let valid = try QuestionValidation.validate(Self.single("  Which?\n"), field: "q")
        #expect(valid.prompt == "Which?" && valid.points == 2 && valid.kind == .singleChoice)
        #expect(valid.choices.map(\.key) == ["a", "b"] && valid.choices.map(\.correct) == [true, false])
        #expect(StoredQuestion(valid, id: 4).choices.map(\.correct) == [true, false])
    }

    @Test("single choice names exactly one choice, an id of the list")
    func rightChoice() {
        #expect(refusal(Self.single(answer: .texts(["a", "b"]))) == "validation-question.exactly-one-choice at questions[3].answer")
        #expect(refusal(Self.single(answer: .text("c"))) == "validation-question.not-a-choice-id at questions[3].answer")
        #expect(refusal(Self.single(answer: nil)) == "validation-question.name-right-choice at questions[3].answer")
        #expect(refusal(Self.single(weights: [50, nil])) == "validation-question.right-weight-100 at questions[3].choices[0].weight")
    }

    @Test("a formula that does not convert is refused naming its field")
    func formula() {
        #expect(refusal(Self.single("What is \\(\\foo\\)?")) == "formulas.unknown-command at questions[3].prompt")
        #expect(refusal(Self.single("What is \\(\\frac{1}{2}\\)?")) == nil)
    }

    @Test("tags: each once, the first spelling kept; a topic's parts trimmed")
    func bankFields() throws {
        #expect(try QuestionValidation.tags([" Łódź ", "łódź", "Kraków"], field: "tags") == ["Łódź", "Kraków"])
        #expect(try QuestionValidation.topic(" Fizyka / Optyka ", field: "topic") == "Fizyka/Optyka")
        #expect(try QuestionValidation.topic("  ", field: "topic") == nil)
        #expect(throws: InvalidInput("validation-question.topic-path", ["field": .text("topic")])) {
            try QuestionValidation.topic("a//b", field: "topic")
        }
    }

    @Test("quotes and combining marks in texts and ids are kept as written")
    func fuzz() throws {
        let breakers = ["\"", "\\", "{", "}", ",", "'", "(", ")", "$1", "NULL"]
        for breaker in breakers {
            for text in [breaker + "\u{301}", "a" + breaker + "\u{301}b", "\u{301}" + breaker] {
                var draft = Self.single(text)
                draft.choices = [Choice(id: text, text: text), Choice(id: "b", text: "B")]
                draft.answer = .text(text)
                let valid = try QuestionValidation.validate(draft, field: "q")
                #expect(valid.prompt == text && valid.choices[0].key == text && valid.choices[0].correct, "\(text)")
            }
        }
    }
}

import ExamPrepExams
import ExamPrepShared

/// Checks a student's answers against the questions of the attempt's exam before they are
/// saved: each names a question of the exam once and has the shape its kind asks for.
enum AnswerValidation {
    static let maxAnswers = 200
    static let maxTextLength = 2000
    /// The longest essay, in characters as a reader counts them.
    static let maxEssayLength = 20_000

    static func validate(_ answers: [AnswerInput], questions: [StoredQuestion]) throws -> [AnswerInput] {
        guard answers.count <= maxAnswers else {
            throw InvalidInput("validation-question.too-many-answers", ["count": .integer(maxAnswers)])
        }
        let byID = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<Int>()
        return try answers.enumerated().map { index, answer in
            let field = "answers[\(index)]"
            guard let question = byID[answer.questionId] else {
                throw InvalidInput(
                    "validation-question.not-in-exam", ["field": .text(field + ".questionId"), "id": .integer(answer.questionId)])
            }
            guard seen.insert(answer.questionId).inserted else {
                throw InvalidInput("validation-question.answered-twice", ["field": .text(field), "id": .integer(answer.questionId)])
            }
            return try validate(answer, for: question, field: field)
        }
    }

    static func validate(_ answer: AnswerInput, for question: StoredQuestion, field: String) throws -> AnswerInput {
        if let sequence = answer.sequence, sequence < 0 {
            throw InvalidInput("validation.zero-or-more", ["field": .text(field + ".sequence")])
        }
        if answer.isEmpty { return answer }
        guard question.kind.isScored else {
            throw InvalidInput("validation-question.description-takes-no-answer", ["field": .text(field), "id": .integer(question.id)])
        }
        let given = [answer.choiceIds != nil, answer.value != nil, answer.text != nil, answer.number != nil, answer.matches != nil]
        guard given.filter({ $0 }).count == 1 else {
            throw InvalidInput(
                "validation-question.send-only",
                ["field": .text(field), "kind": .text(question.kind.rawValue), "expected": expected(question.kind)])
        }
        switch question.kind {
        case .singleChoice, .multipleChoice:
            guard let chosen = answer.choiceIds else { throw wrongShape(question, field) }
            if question.kind == .singleChoice, chosen.count > 1 {
                throw InvalidInput("validation-question.one-choice-only", ["field": .text(field + ".choiceIds")])
            }
            let keys = Set(question.choices.map(\.key))
            guard Set(chosen).count == chosen.count else {
                throw InvalidInput("validation-question.choice-twice", ["field": .text(field + ".choiceIds")])
            }
            for key in chosen where !keys.contains(key) {
                throw InvalidInput(
                    "validation-question.not-a-choice-of",
                    ["field": .text(field + ".choiceIds"), "choice": .text(key), "id": .integer(question.id)])
            }
        case .trueFalse:
            guard answer.value != nil else { throw wrongShape(question, field) }
        case .shortAnswer:
            guard let text = answer.text else { throw wrongShape(question, field) }
            guard text.unicodeScalars.count <= maxTextLength else {
                throw InvalidInput("validation.at-most-characters", ["field": .text(field + ".text"), "count": .integer(maxTextLength)])
            }
            try refuseNUL(text, field: field)
        case .essay:
            guard let text = answer.text else { throw wrongShape(question, field) }
            guard text.count <= maxEssayLength else {
                throw InvalidInput(
                    "validation-question.essay-too-long", ["field": .text(field + ".text"), "count": .integer(maxEssayLength)])
            }
            try refuseNUL(text, field: field)
        case .numerical:
            guard let number = answer.number else { throw wrongShape(question, field) }
            guard number.isFinite else { throw InvalidInput("validation.finite", ["field": .text(field + ".number")]) }
        case .description:
            break
        case .matching:
            guard let matches = answer.matches else { throw wrongShape(question, field) }
            let items = Set(question.key.items?.map(\.id) ?? [])
            let options = Set(question.key.options?.map(\.id) ?? [])
            for (item, option) in matches {
                guard items.contains(item) else {
                    throw InvalidInput("validation-question.not-an-item", ["field": .text(field + ".matches"), "item": .text(item)])
                }
                guard options.contains(option) else {
                    throw InvalidInput(
                        "validation-question.not-an-option",
                        ["field": .text(field + ".matches"), "item": .text(item), "option": .text(option)])
                }
            }
        }
        return answer
    }

    /// The field an answer to `kind` is sent in (its JSON name), as said in a refusal.
    private static func expected(_ kind: QuestionKind) -> MessageValue {
        switch kind {
        case .singleChoice, .multipleChoice: .text("choiceIds")
        case .trueFalse: .text("value")
        case .shortAnswer, .essay: .text("text")
        case .numerical: .text("number")
        case .matching: .text("matches")
        case .description: .message(Message("validation-question.no-answer"))
        }
    }

    private static func refuseNUL(_ text: String, field: String) throws {
        guard !text.unicodeScalars.contains("\0") else { throw InvalidInput("validation.text-nul", ["field": .text(field + ".text")]) }
    }

    private static func wrongShape(_ question: StoredQuestion, _ field: String) -> InvalidInput {
        InvalidInput(
            "validation-question.send", ["field": .text(field), "kind": .text(question.kind.rawValue), "expected": expected(question.kind)])
    }
}

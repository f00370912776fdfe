import ExamPrepShared

/// Checks a student's answers against the questions of the attempt's exam before they are
/// saved: each names a question of the exam once and has the shape its kind asks for. A
/// broken rule is an `AnswerRefusal` naming the field.
public enum AnswerValidation {
    public static let maxAnswers = 200
    public static let maxTextLength = 2000
    /// The longest essay, in characters as a reader counts them.
    public static let maxEssayLength = 20_000

    /// `answers` as they are, when each names one of `questions` (once) and fits it;
    /// `answers[i]` in the refusal names the one that does not.
    public static func validate(_ answers: [AnswerInput], questions: [StoredQuestion]) throws(AnswerRefusal) -> [AnswerInput] {
        guard answers.count <= maxAnswers else {
            throw AnswerRefusal("validation-question.too-many-answers", ["count": .integer(maxAnswers)])
        }
        let byID = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<Int>()
        var valid: [AnswerInput] = []
        for (index, answer) in answers.enumerated() {
            let field = "answers[\(index)]"
            guard let question = byID[answer.questionId] else {
                throw AnswerRefusal(
                    "validation-question.not-in-exam", ["field": .text(field + ".questionId"), "id": .integer(answer.questionId)])
            }
            guard seen.insert(answer.questionId).inserted else {
                throw AnswerRefusal("validation-question.answered-twice", ["field": .text(field), "id": .integer(answer.questionId)])
            }
            valid.append(try validate(answer, for: question, field: field))
        }
        return valid
    }

    /// `answer` as it is, when it has the shape `question`'s kind asks for (or is empty);
    /// `field` names it in a refusal.
    public static func validate(_ answer: AnswerInput, for question: StoredQuestion, field: String) throws(AnswerRefusal) -> AnswerInput {
        if let sequence = answer.sequence, sequence < 0 {
            throw AnswerRefusal("validation.zero-or-more", ["field": .text(field + ".sequence")])
        }
        if answer.isEmpty { return answer }
        guard question.kind.isScored else {
            throw AnswerRefusal("validation-question.description-takes-no-answer", ["field": .text(field), "id": .integer(question.id)])
        }
        let given = [answer.choiceIds != nil, answer.value != nil, answer.text != nil, answer.number != nil, answer.matches != nil]
        guard given.filter({ $0 }).count == 1 else {
            throw AnswerRefusal(
                "validation-question.send-only",
                ["field": .text(field), "kind": .text(question.kind.rawValue), "expected": expected(question.kind)])
        }
        switch question.kind {
        case .singleChoice, .multipleChoice:
            guard let chosen = answer.choiceIds else { throw wrongShape(question, field) }
            if question.kind == .singleChoice, chosen.count > 1 {
                throw AnswerRefusal("validation-question.one-choice-only", ["field": .text(field + ".choiceIds")])
            }
            let keys = Set(question.choices.map(\.key))
            guard Set(chosen).count == chosen.count else {
                throw AnswerRefusal("validation-question.choice-twice", ["field": .text(field + ".choiceIds")])
            }
            for key in chosen where !keys.contains(key) {
                throw AnswerRefusal(
                    "validation-question.not-a-choice-of",
                    ["field": .text(field + ".choiceIds"), "choice": .text(key), "id": .integer(question.id)])
            }
        case .trueFalse:
            guard answer.value != nil else { throw wrongShape(question, field) }
        case .shortAnswer:
            guard let text = answer.text else { throw wrongShape(question, field) }
            guard text.unicodeScalars.count <= maxTextLength else {
                throw AnswerRefusal("validation.at-most-characters", ["field": .text(field + ".text"), "count": .integer(maxTextLength)])
            }
            try refuseNUL(text, field: field)
        case .essay:
            guard let text = answer.text else { throw wrongShape(question, field) }
            guard text.count <= maxEssayLength else {
                throw AnswerRefusal(
                    "validation-question.essay-too-long", ["field": .text(field + ".text"), "count": .integer(maxEssayLength)])
            }
            try refuseNUL(text, field: field)
        case .numerical:
            guard let number = answer.number else { throw wrongShape(question, field) }
            guard number.isFinite else { throw AnswerRefusal("validation.finite", ["field": .text(field + ".number")]) }
        case .description:
            break
        case .matching:
            guard let matches = answer.matches else { throw wrongShape(question, field) }
            let items = Set(question.key.items?.map(\.id) ?? [])
            let options = Set(question.key.options?.map(\.id) ?? [])
            for (item, option) in matches {
                guard items.contains(item) else {
                    throw AnswerRefusal("validation-question.not-an-item", ["field": .text(field + ".matches"), "item": .text(item)])
                }
                guard options.contains(option) else {
                    throw AnswerRefusal(
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

    private static func refuseNUL(_ text: String, field: String) throws(AnswerRefusal) {
        guard !text.unicodeScalars.contains("\0") else { throw AnswerRefusal("validation.text-nul", ["field": .text(field + ".text")]) }
    }

    private static func wrongShape(_ question: StoredQuestion, _ field: String) -> AnswerRefusal {
        AnswerRefusal(
            "validation-question.send", ["field": .text(field), "kind": .text(question.kind.rawValue), "expected": expected(question.kind)])
    }
}

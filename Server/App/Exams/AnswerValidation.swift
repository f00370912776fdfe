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
        guard answers.count <= maxAnswers else { throw InvalidInput("answers may hold at most \(maxAnswers) answers.") }
        let byID = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<Int>()
        return try answers.enumerated().map { index, answer in
            let field = "answers[\(index)]"
            guard let question = byID[answer.questionId] else {
                throw InvalidInput("\(field).questionId \(answer.questionId) is not a question of this exam.")
            }
            guard seen.insert(answer.questionId).inserted else {
                throw InvalidInput("\(field) answers question \(answer.questionId) a second time.")
            }
            return try validate(answer, for: question, field: field)
        }
    }

    static func validate(_ answer: AnswerInput, for question: StoredQuestion, field: String) throws -> AnswerInput {
        if let sequence = answer.sequence, sequence < 0 { throw InvalidInput("\(field).sequence must be 0 or more.") }
        if answer.isEmpty { return answer }
        guard question.kind.isScored else { throw InvalidInput("\(field): question \(question.id) is a description and takes no answer.") }
        let given = [answer.choiceIds != nil, answer.value != nil, answer.text != nil, answer.number != nil, answer.matches != nil]
        guard given.filter({ $0 }).count == 1 else {
            throw InvalidInput("\(field) answers a \(question.kind.rawValue) question: send \(expected(question.kind)) only.")
        }
        switch question.kind {
        case .singleChoice, .multipleChoice:
            guard let chosen = answer.choiceIds else { throw wrongShape(question, field) }
            if question.kind == .singleChoice, chosen.count > 1 {
                throw InvalidInput("\(field).choiceIds may name one choice only.")
            }
            let keys = Set(question.choices.map(\.key))
            guard Set(chosen).count == chosen.count else { throw InvalidInput("\(field).choiceIds names a choice twice.") }
            for key in chosen where !keys.contains(key) {
                throw InvalidInput("\(field).choiceIds names '\(key)', which is not a choice of question \(question.id).")
            }
        case .trueFalse:
            guard answer.value != nil else { throw wrongShape(question, field) }
        case .shortAnswer:
            guard let text = answer.text else { throw wrongShape(question, field) }
            guard text.unicodeScalars.count <= maxTextLength else {
                throw InvalidInput("\(field).text may be at most \(maxTextLength) characters.")
            }
            try refuseNUL(text, field: field)
        case .essay:
            guard let text = answer.text else { throw wrongShape(question, field) }
            guard text.count <= maxEssayLength else {
                throw InvalidInput("\(field).text may be at most \(maxEssayLength) characters (an essay).")
            }
            try refuseNUL(text, field: field)
        case .numerical:
            guard let number = answer.number else { throw wrongShape(question, field) }
            guard number.isFinite else { throw InvalidInput("\(field).number must be a finite number.") }
        case .description:
            break
        case .matching:
            guard let matches = answer.matches else { throw wrongShape(question, field) }
            let items = Set(question.key.items?.map(\.id) ?? [])
            let options = Set(question.key.options?.map(\.id) ?? [])
            for (item, option) in matches {
                guard items.contains(item) else { throw InvalidInput("\(field).matches names '\(item)', which is not an item.") }
                guard options.contains(option) else {
                    throw InvalidInput("\(field).matches matches '\(item)' with '\(option)', which is not an option.")
                }
            }
        }
        return answer
    }

    private static func expected(_ kind: QuestionKind) -> String {
        switch kind {
        case .singleChoice, .multipleChoice: "choiceIds"
        case .trueFalse: "value"
        case .shortAnswer, .essay: "text"
        case .numerical: "number"
        case .matching: "matches"
        case .description: "no answer"
        }
    }

    private static func refuseNUL(_ text: String, field: String) throws {
        guard !text.unicodeScalars.contains("\0") else { throw InvalidInput("\(field).text may not contain the NUL character.") }
    }

    private static func wrongShape(_ question: StoredQuestion, _ field: String) -> InvalidInput {
        InvalidInput("\(field) answers a \(question.kind.rawValue) question: send \(expected(question.kind)).")
    }
}

import ExamPrepShared
import Foundation

/// A question that passed `QuestionValidation`, with its right answer in the shape the
/// database keeps it.
struct ValidQuestion: Sendable, Equatable {
    var kind: QuestionKind
    var prompt: String
    var points: Int
    /// Choice questions only, in the author's order.
    var choices: [ValidChoice] = []
    /// True/false questions only.
    var correctValue: Bool?
    /// Short-answer questions only: the accepted answers in order, weights in percent.
    var textAnswers: [TextAnswer]?
    /// What `questions.answer_key` holds: numerical answers, matching pairs, feedbacks.
    var key = AnswerKey()
    var textFormat: TextFormat = .moodle
    var generalFeedback: String?
    var bank = BankFields()
}

/// A choice with whether it counts as right and, when the author gave one, its weight.
struct ValidChoice: Sendable, Equatable {
    var key: String
    var text: String
    var correct: Bool
    var weight: Double?
    var feedback: String?
}

/// What a question keeps in the bank besides its content.
struct BankFields: Sendable, Equatable {
    var name: String?
    var topic: String?
    var tags: [String] = []
    var practice = false
}

/// The part of a question's answer the `questions` table keeps as JSON (`answer_key`):
/// numerical answers, a matching question's items, options and pairs, and the feedbacks for
/// a right and a wrong answer.
struct AnswerKey: Codable, Sendable, Equatable {
    var numbers: [NumericalAnswer]?
    var items: [Choice]?
    var options: [Choice]?
    var pairs: [String: String]?
    var feedbackWhenRight: String?
    var feedbackWhenWrong: String?

    var isEmpty: Bool { self == AnswerKey() }
}

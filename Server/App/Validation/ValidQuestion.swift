import ExamPrepExams
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
    /// Essays only: notes for whoever grades it.
    var graderInfo: String?
    var bank = BankFields()
    /// A picture shown with the prompt (its course is checked when the question is written).
    var image: QuestionImage?
}

/// A choice with whether it counts as right and, when the author gave one, its weight.
struct ValidChoice: Sendable, Equatable {
    var key: String
    var text: String
    var correct: Bool
    var weight: Double?
    var feedback: String?
    var image: QuestionImage?
}

extension StoredQuestion {
    /// A question as it will be stored, before it has an id (grading a practice answer, tests).
    init(_ valid: ValidQuestion, id: Int, familyID: Int? = nil, version: Int = 1) {
        self.init(
            id: id, familyID: familyID ?? id, version: version, kind: valid.kind, prompt: valid.prompt, points: valid.points,
            choices: valid.choices.map {
                var choice = StoredChoice(key: $0.key, text: $0.text, correct: $0.correct, weight: $0.weight, feedback: $0.feedback)
                choice.image = $0.image
                return choice
            }, correctValue: valid.correctValue, textAnswers: valid.textAnswers ?? [], key: valid.key, textFormat: valid.textFormat,
            generalFeedback: valid.generalFeedback, bank: valid.bank)
        graderInfo = valid.graderInfo
        image = valid.image
    }
}

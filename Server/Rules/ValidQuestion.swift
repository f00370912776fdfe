import ExamPrepExams
import ExamPrepShared
import Foundation

/// A question that passed `QuestionValidation`, with its right answer in the shape the
/// database keeps it.
public struct ValidQuestion: Sendable, Equatable {
    public var kind: QuestionKind
    public var prompt: String
    public var points: Int
    /// Choice questions only, in the author's order.
    public var choices: [ValidChoice]
    /// True/false questions only.
    public var correctValue: Bool?
    /// Short-answer questions only: the accepted answers in order, weights in percent.
    public var textAnswers: [TextAnswer]?
    /// What `questions.answer_key` holds: numerical answers, matching pairs, feedbacks.
    public var key: AnswerKey
    public var textFormat: TextFormat
    public var generalFeedback: String?
    /// Essays only: notes for whoever grades it.
    public var graderInfo: String?
    public var bank: BankFields
    /// A picture shown with the prompt (its course is checked when the question is written).
    public var image: QuestionImage?

    /// Every part, with the defaults a memberwise initializer has (what a kind does not use,
    /// left out).
    public init(
        kind: QuestionKind, prompt: String, points: Int, choices: [ValidChoice] = [], correctValue: Bool? = nil,
        textAnswers: [TextAnswer]? = nil, key: AnswerKey = AnswerKey(), textFormat: TextFormat = .moodle, generalFeedback: String? = nil,
        graderInfo: String? = nil, bank: BankFields = BankFields(), image: QuestionImage? = nil
    ) {
        self.kind = kind
        self.prompt = prompt
        self.points = points
        self.choices = choices
        self.correctValue = correctValue
        self.textAnswers = textAnswers
        self.key = key
        self.textFormat = textFormat
        self.generalFeedback = generalFeedback
        self.graderInfo = graderInfo
        self.bank = bank
        self.image = image
    }
}

/// A choice with whether it counts as right and, when the author gave one, its weight.
public struct ValidChoice: Sendable, Equatable {
    public var key: String
    public var text: String
    public var correct: Bool
    public var weight: Double?
    public var feedback: String?
    public var image: QuestionImage?
}

extension StoredQuestion {
    /// A question as it will be stored, before it has an id (grading a practice answer, tests).
    public init(_ valid: ValidQuestion, id: Int, familyID: Int? = nil, version: Int = 1) {
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

import ExamPrepShared

/// A question as the database keeps it (one version of it): what the faculty view, the bank
/// view, the student view and grading are each made from.
public struct StoredQuestion: Sendable, Equatable {
    public struct StoredChoice: Sendable, Equatable {
        public var key: String
        public var text: String
        public var correct: Bool
        public var weight: Double?
        public var feedback: String?
        /// A picture shown with the choice.
        public var image: QuestionImage?

        public init(key: String, text: String, correct: Bool, weight: Double? = nil, feedback: String? = nil) {
            self.key = key
            self.text = text
            self.correct = correct
            self.weight = weight
            self.feedback = feedback
        }
    }

    /// This version's id: what attempts, answers and results refer to.
    public var id: Int
    /// The question's id in the bank and for its faculty member: the first version's id.
    public var familyID: Int
    public var version: Int
    public var kind: QuestionKind
    public var prompt: String
    public var points: Int
    public var choices: [StoredChoice] = []
    public var correctValue: Bool?
    public var textAnswers: [TextAnswer] = []
    public var key = AnswerKey()
    public var textFormat: TextFormat = .moodle
    public var generalFeedback: String?
    /// An essay's notes for whoever grades it; never in the student's view.
    public var graderInfo: String?
    public var bank = BankFields()
    /// A picture shown with the prompt.
    public var image: QuestionImage?

    public init(
        id: Int, familyID: Int, version: Int, kind: QuestionKind, prompt: String, points: Int, choices: [StoredChoice],
        correctValue: Bool?, textAnswers: [TextAnswer], key: AnswerKey, textFormat: TextFormat, generalFeedback: String?,
        bank: BankFields
    ) {
        self.id = id
        self.familyID = familyID
        self.version = version
        self.kind = kind
        self.prompt = prompt
        self.points = points
        self.choices = choices
        self.correctValue = correctValue
        self.textAnswers = textAnswers
        self.key = key
        self.textFormat = textFormat
        self.generalFeedback = generalFeedback
        self.bank = bank
    }

    /// The right answer as the API spells it; none for a description.
    public var answer: QuestionAnswer? {
        switch kind {
        case .singleChoice: .text(choices.first(where: \.correct)?.key ?? "")
        case .multipleChoice: .texts(choices.filter(\.correct).map(\.key))
        case .trueFalse: .bool(correctValue ?? false)
        case .shortAnswer:
            textAnswers.allSatisfy({ $0.weight == nil && $0.feedback == nil })
                ? .texts(textAnswers.map(\.text)) : .weightedTexts(textAnswers)
        case .numerical: .numbers(key.numbers ?? [])
        case .matching: .matches(key.pairs ?? [:])
        case .essay, .description: nil
        }
    }

    /// With its right answer, for the exam's faculty member (the bank's fields too when
    /// `bankFields`); its id is the question's id in the bank.
    public func facultyView(bankFields: Bool = false) -> Question {
        Question(
            id: familyID, kind: kind, prompt: prompt, points: points,
            choices: kind.hasChoices
                ? choices.map { Choice(id: $0.key, text: $0.text, weight: $0.weight, feedback: $0.feedback, image: $0.image) } : nil,
            items: key.items, options: key.options, answer: answer, textFormat: textFormat == .moodle ? nil : textFormat,
            generalFeedback: generalFeedback, feedbackWhenRight: key.feedbackWhenRight, feedbackWhenWrong: key.feedbackWhenWrong,
            graderInfo: graderInfo, name: bankFields ? bank.name : nil, topic: bankFields ? bank.topic : nil,
            tags: bankFields ? bank.tags : nil,
            version: bankFields ? version : nil, practice: bankFields ? bank.practice : nil, image: image)
    }

    public var facultyView: Question { facultyView() }

    /// Without any trace of the right answer, for students (choices and options in the order
    /// given, which an attempt may have shuffled).
    public var studentView: StudentQuestion {
        StudentQuestion(
            id: id, kind: kind, prompt: prompt, points: points,
            choices: kind.hasChoices ? choices.map { Choice(id: $0.key, text: $0.text, image: $0.image) } : nil,
            items: key.items?.map { Choice(id: $0.id, text: $0.text) }, options: key.options?.map { Choice(id: $0.id, text: $0.text) },
            textFormat: textFormat == .moodle ? nil : textFormat, image: image)
    }

    /// Whether any choice carries a weight (then choices score by weight, Moodle's way).
    public var hasWeightedChoices: Bool { choices.contains { $0.weight != nil } }
}

/// What a question keeps in the bank besides its content.
public struct BankFields: Sendable, Equatable {
    public var name: String?
    public var topic: String?
    public var tags: [String]
    public var practice: Bool

    public init(name: String? = nil, topic: String? = nil, tags: [String] = [], practice: Bool = false) {
        self.name = name
        self.topic = topic
        self.tags = tags
        self.practice = practice
    }
}

/// The part of a question's answer the `questions` table keeps as JSON (`answer_key`):
/// numerical answers, a matching question's items, options and pairs, and the feedbacks for
/// a right and a wrong answer.
public struct AnswerKey: Codable, Sendable, Equatable {
    public var numbers: [NumericalAnswer]?
    public var items: [Choice]?
    public var options: [Choice]?
    public var pairs: [String: String]?
    public var feedbackWhenRight: String?
    public var feedbackWhenWrong: String?

    public init(
        numbers: [NumericalAnswer]? = nil, items: [Choice]? = nil, options: [Choice]? = nil, pairs: [String: String]? = nil,
        feedbackWhenRight: String? = nil, feedbackWhenWrong: String? = nil
    ) {
        self.numbers = numbers
        self.items = items
        self.options = options
        self.pairs = pairs
        self.feedbackWhenRight = feedbackWhenRight
        self.feedbackWhenWrong = feedbackWhenWrong
    }

    public var isEmpty: Bool { self == AnswerKey() }
}

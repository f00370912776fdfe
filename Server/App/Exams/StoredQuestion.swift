import ExamPrepShared

/// A question as the database keeps it (one version of it): what the faculty view, the bank
/// view, the student view and grading are each made from.
struct StoredQuestion: Sendable, Equatable {
    struct StoredChoice: Sendable, Equatable {
        var key: String
        var text: String
        var correct: Bool
        var weight: Double?
        var feedback: String?
    }

    /// This version's id: what attempts, answers and results refer to.
    var id: Int
    /// The question's id in the bank and for its faculty member: the first version's id.
    var familyID: Int
    var version: Int
    var kind: QuestionKind
    var prompt: String
    var points: Int
    var choices: [StoredChoice] = []
    var correctValue: Bool?
    var textAnswers: [TextAnswer] = []
    var key = AnswerKey()
    var textFormat: TextFormat = .moodle
    var generalFeedback: String?
    var bank = BankFields()

    /// A question as it will be stored, before it has an id (grading a practice answer, tests).
    init(_ valid: ValidQuestion, id: Int, familyID: Int? = nil, version: Int = 1) {
        self.id = id
        self.familyID = familyID ?? id
        self.version = version
        kind = valid.kind
        prompt = valid.prompt
        points = valid.points
        choices = valid.choices.map {
            StoredChoice(key: $0.key, text: $0.text, correct: $0.correct, weight: $0.weight, feedback: $0.feedback)
        }
        correctValue = valid.correctValue
        textAnswers = valid.textAnswers ?? []
        key = valid.key
        textFormat = valid.textFormat
        generalFeedback = valid.generalFeedback
        bank = valid.bank
    }

    init(
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

    /// The right answer as the API spells it.
    var answer: QuestionAnswer {
        switch kind {
        case .singleChoice: .text(choices.first(where: \.correct)?.key ?? "")
        case .multipleChoice: .texts(choices.filter(\.correct).map(\.key))
        case .trueFalse: .bool(correctValue ?? false)
        case .shortAnswer:
            textAnswers.allSatisfy({ $0.weight == nil && $0.feedback == nil })
                ? .texts(textAnswers.map(\.text)) : .weightedTexts(textAnswers)
        case .numerical: .numbers(key.numbers ?? [])
        case .matching: .matches(key.pairs ?? [:])
        }
    }

    /// With its right answer, for the exam's faculty member (the bank's fields too when
    /// `bankFields`); its id is the question's id in the bank.
    func facultyView(bankFields: Bool = false) -> Question {
        Question(
            id: familyID, kind: kind, prompt: prompt, points: points,
            choices: kind.hasChoices
                ? choices.map { Choice(id: $0.key, text: $0.text, weight: $0.weight, feedback: $0.feedback) } : nil,
            items: key.items, options: key.options, answer: answer, textFormat: textFormat == .moodle ? nil : textFormat,
            generalFeedback: generalFeedback, feedbackWhenRight: key.feedbackWhenRight, feedbackWhenWrong: key.feedbackWhenWrong,
            name: bankFields ? bank.name : nil, topic: bankFields ? bank.topic : nil, tags: bankFields ? bank.tags : nil,
            version: bankFields ? version : nil, practice: bankFields ? bank.practice : nil)
    }

    var facultyView: Question { facultyView() }

    /// Without any trace of the right answer, for students (choices and options in the order
    /// given, which an attempt may have shuffled).
    var studentView: StudentQuestion {
        StudentQuestion(
            id: id, kind: kind, prompt: prompt, points: points,
            choices: kind.hasChoices ? choices.map { Choice(id: $0.key, text: $0.text) } : nil,
            items: key.items?.map { Choice(id: $0.id, text: $0.text) }, options: key.options?.map { Choice(id: $0.id, text: $0.text) },
            textFormat: textFormat == .moodle ? nil : textFormat)
    }

    /// Whether any choice carries a weight (then choices score by weight, Moodle's way).
    var hasWeightedChoices: Bool { choices.contains { $0.weight != nil } }
}

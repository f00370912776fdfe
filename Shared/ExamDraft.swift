import Foundation

/// An exam as its author writes it: the body of `POST /api/faculty/courses/{courseId}/exams`
/// and of `PUT /api/faculty/exams/{examId}` (no ids but the choices' own).
///
/// On the wire `questions` holds whole questions and, next to them, slots that draw from the
/// course's bank: `{"fromBank": {"topic": "…", "tags": […], "count": 5}}`. Here the whole
/// questions are `questions` and the slots `draws`, each with its place among them.
public struct ExamDraft: Codable, Sendable, Hashable {
    public var title: String
    public var instructions: String?
    public var timeLimitMinutes: Int?
    public var opensAt: Date?
    public var closesAt: Date?
    /// How many attempts a student may make (default 1).
    public var maxAttempts: Int?
    /// How attempts run and make a grade (defaults when absent).
    public var policy: ExamPolicy?
    public var questions: [QuestionDraft]
    /// Slots that draw questions from the bank for each attempt, at their places.
    public var draws: [ExamDrawSlot]

    public init(
        title: String, instructions: String? = nil, timeLimitMinutes: Int? = nil, opensAt: Date? = nil, closesAt: Date? = nil,
        maxAttempts: Int? = nil, policy: ExamPolicy? = nil, questions: [QuestionDraft], draws: [ExamDrawSlot] = []
    ) {
        self.policy = policy
        self.title = title
        self.instructions = instructions
        self.timeLimitMinutes = timeLimitMinutes
        self.opensAt = opensAt
        self.closesAt = closesAt
        self.maxAttempts = maxAttempts
        self.questions = questions
        self.draws = draws
    }

    private enum CodingKeys: String, CodingKey {
        case title, instructions, timeLimitMinutes, opensAt, closesAt, maxAttempts, policy, questions
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        instructions = try container.decodeIfPresent(String.self, forKey: .instructions)
        timeLimitMinutes = try container.decodeIfPresent(Int.self, forKey: .timeLimitMinutes)
        opensAt = try container.decodeIfPresent(Date.self, forKey: .opensAt)
        closesAt = try container.decodeIfPresent(Date.self, forKey: .closesAt)
        maxAttempts = try container.decodeIfPresent(Int.self, forKey: .maxAttempts)
        policy = try container.decodeIfPresent(ExamPolicy.self, forKey: .policy)
        let items = try container.decode([ExamDraftItem].self, forKey: .questions)
        questions = items.compactMap(\.question)
        draws = items.enumerated().compactMap { position, item in item.draw.map { ExamDrawSlot(position: position, fromBank: $0) } }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(instructions, forKey: .instructions)
        try container.encodeIfPresent(timeLimitMinutes, forKey: .timeLimitMinutes)
        try container.encodeIfPresent(opensAt, forKey: .opensAt)
        try container.encodeIfPresent(closesAt, forKey: .closesAt)
        try container.encodeIfPresent(maxAttempts, forKey: .maxAttempts)
        try container.encodeIfPresent(policy, forKey: .policy)
        try container.encode(ExamDraftItem.merge(questions, draws), forKey: .questions)
    }
}

/// One element of an exam draft's `questions`: a whole question or a slot drawing from the bank.
enum ExamDraftItem: Codable, Sendable, Hashable {
    case question(QuestionDraft)
    case draw(BankDraw)

    private enum CodingKeys: String, CodingKey { case fromBank }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.fromBank) {
            self = .draw(try container.decode(BankDraw.self, forKey: .fromBank))
        } else {
            self = .question(try QuestionDraft(from: decoder))
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .question(let question): try question.encode(to: encoder)
        case .draw(let draw):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(draw, forKey: .fromBank)
        }
    }

    var question: QuestionDraft? { if case .question(let question) = self { question } else { nil } }
    var draw: BankDraw? { if case .draw(let draw) = self { draw } else { nil } }

    /// Whole questions and draws in one list, each draw at its place (a place past the end
    /// puts it last).
    static func merge(_ questions: [QuestionDraft], _ draws: [ExamDrawSlot]) -> [ExamDraftItem] {
        var items = questions.map(ExamDraftItem.question)
        for slot in draws.sorted(by: { $0.position < $1.position }) {
            items.insert(.draw(slot.fromBank), at: Swift.min(Swift.max(slot.position, 0), items.count))
        }
        return items
    }
}

/// A question as its author writes it. Choice questions have `choices`; matching questions
/// `items` and `options` (options may outnumber items); `answer` follows the kind
/// (`QuestionAnswer`). In the bank, a question also has a `topic` (`a/b/c`), `tags`, and
/// may be offered for `practice`.
public struct QuestionDraft: Codable, Sendable, Hashable {
    public var kind: QuestionKind
    public var prompt: String
    public var points: Int
    /// The choices of a choice question (absent for the other kinds).
    public var choices: [Choice]?
    /// The items and options of a matching question.
    public var items: [Choice]?
    public var options: [Choice]?
    /// The right answer; none for a description.
    public var answer: QuestionAnswer?
    /// How `prompt` (and the feedback) is written: `moodle` (plain text with light
    /// formatting, the default), `html`, `markdown` or `plain`.
    public var textFormat: TextFormat?
    /// Shown with the result whatever the answer (with the review option `feedback`).
    public var generalFeedback: String?
    /// Shown with the result when the answer earned all the points, or not (a true/false
    /// question's two feedbacks; a numerical question's feedback for any other number).
    public var feedbackWhenRight: String?
    public var feedbackWhenWrong: String?
    /// An essay's notes for whoever grades it; never shown to students.
    public var graderInfo: String?
    /// The question's name in the bank (GIFT's `::name::`).
    public var name: String?
    public var topic: String?
    public var tags: [String]?
    /// Offered to students for practice (bank questions).
    public var practice: Bool?
    /// A picture shown with the prompt (one of the course's, with its text alternative).
    public var image: QuestionImage?

    public init(
        kind: QuestionKind, prompt: String, points: Int, choices: [Choice]? = nil, items: [Choice]? = nil, options: [Choice]? = nil,
        answer: QuestionAnswer?, textFormat: TextFormat? = nil, generalFeedback: String? = nil, feedbackWhenRight: String? = nil,
        feedbackWhenWrong: String? = nil, graderInfo: String? = nil, name: String? = nil, topic: String? = nil, tags: [String]? = nil,
        practice: Bool? = nil, image: QuestionImage? = nil
    ) {
        self.image = image
        self.textFormat = textFormat
        self.feedbackWhenRight = feedbackWhenRight
        self.feedbackWhenWrong = feedbackWhenWrong
        self.graderInfo = graderInfo
        self.kind = kind
        self.prompt = prompt
        self.points = points
        self.choices = choices
        self.items = items
        self.options = options
        self.answer = answer
        self.generalFeedback = generalFeedback
        self.name = name
        self.topic = topic
        self.tags = tags
        self.practice = practice
    }
}

/// One choice of a choice question (or an item or option of a matching question); `id` is
/// the author's ("a", "b", …), unique in its list. A choice may carry a `weight`: the share of
/// the question's points in percent, −100…100, that choosing it gives (a question never scores
/// below 0), and `feedback` for a student who chose it.
public struct Choice: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var text: String
    public var weight: Double?
    public var feedback: String?
    /// A picture shown with the choice (one of the course's, with its text alternative).
    public var image: QuestionImage?

    public init(id: String, text: String, weight: Double? = nil, feedback: String? = nil, image: QuestionImage? = nil) {
        self.id = id
        self.text = text
        self.weight = weight
        self.feedback = feedback
        self.image = image
    }
}

/// How a question's text is written (GIFT's `[moodle]`, `[html]`, `[markdown]`, `[plain]`):
/// what a client renders it as.
public enum TextFormat: String, Codable, Sendable, Hashable, CaseIterable {
    case moodle, html, markdown, plain
}

extension QuestionDraft {
    /// As synthesised, except that `points` may be left out, as a description has none (it
    /// counts as 0, which the server refuses for every other kind).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(QuestionKind.self, forKey: .kind)
        prompt = try container.decode(String.self, forKey: .prompt)
        points = try container.decodeIfPresent(Int.self, forKey: .points) ?? 0
        choices = try container.decodeIfPresent([Choice].self, forKey: .choices)
        items = try container.decodeIfPresent([Choice].self, forKey: .items)
        options = try container.decodeIfPresent([Choice].self, forKey: .options)
        answer = try container.decodeIfPresent(QuestionAnswer.self, forKey: .answer)
        textFormat = try container.decodeIfPresent(TextFormat.self, forKey: .textFormat)
        generalFeedback = try container.decodeIfPresent(String.self, forKey: .generalFeedback)
        feedbackWhenRight = try container.decodeIfPresent(String.self, forKey: .feedbackWhenRight)
        feedbackWhenWrong = try container.decodeIfPresent(String.self, forKey: .feedbackWhenWrong)
        graderInfo = try container.decodeIfPresent(String.self, forKey: .graderInfo)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        topic = try container.decodeIfPresent(String.self, forKey: .topic)
        tags = try container.decodeIfPresent([String].self, forKey: .tags)
        practice = try container.decodeIfPresent(Bool.self, forKey: .practice)
        image = try container.decodeIfPresent(QuestionImage.self, forKey: .image)
    }
}

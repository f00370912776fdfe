import Foundation

/// An exam as its faculty member sees it, right answers included
/// (`GET /api/faculty/exams/{examId}` and the answers of every faculty exam route).
public struct Exam: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var courseId: Int
    public var title: String
    public var instructions: String
    public var timeLimitMinutes: Int?
    public var opensAt: Date?
    public var closesAt: Date?
    public var maxAttempts: Int
    public var status: ExamStatus
    public var policy: ExamPolicy
    /// The whole questions, in order (draws left out).
    public var questions: [Question]
    /// Slots drawing from the course's bank for each attempt, at their places among the
    /// questions (absent when there are none).
    public var draws: [ExamDrawSlot]?

    public init(
        id: Int, courseId: Int, title: String, instructions: String, timeLimitMinutes: Int?, opensAt: Date?, closesAt: Date?,
        maxAttempts: Int, status: ExamStatus, policy: ExamPolicy = ExamPolicy(), questions: [Question], draws: [ExamDrawSlot]? = nil
    ) {
        self.policy = policy
        self.draws = draws
        self.id = id
        self.courseId = courseId
        self.title = title
        self.instructions = instructions
        self.timeLimitMinutes = timeLimitMinutes
        self.opensAt = opensAt
        self.closesAt = closesAt
        self.maxAttempts = maxAttempts
        self.status = status
        self.questions = questions
    }

    /// The points of every question together (a draw counts its questions' points): the best
    /// score an attempt can get.
    public var totalPoints: Int {
        questions.reduce(0) { $0 + $1.points } + (draws ?? []).reduce(0) { $0 + $1.fromBank.count * ($1.fromBank.points ?? 1) }
    }
}

/// A question with its id and right answer (faculty only). In the bank it also has its
/// `topic`, `tags`, `version` (1, then one more for each edit made after attempts used it),
/// `name` and `practice`.
public struct Question: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var kind: QuestionKind
    public var prompt: String
    public var points: Int
    public var choices: [Choice]?
    public var items: [Choice]?
    public var options: [Choice]?
    /// The right answer; none for a description.
    public var answer: QuestionAnswer?
    public var textFormat: TextFormat?
    public var generalFeedback: String?
    public var feedbackWhenRight: String?
    public var feedbackWhenWrong: String?
    /// An essay's notes for whoever grades it; never shown to students.
    public var graderInfo: String?
    public var name: String?
    public var topic: String?
    public var tags: [String]?
    public var version: Int?
    public var practice: Bool?
    /// A picture shown with the prompt.
    public var image: QuestionImage?

    public init(
        id: Int, kind: QuestionKind, prompt: String, points: Int, choices: [Choice]?, items: [Choice]? = nil,
        options: [Choice]? = nil, answer: QuestionAnswer?, textFormat: TextFormat? = nil, generalFeedback: String? = nil,
        feedbackWhenRight: String? = nil, feedbackWhenWrong: String? = nil, graderInfo: String? = nil, name: String? = nil,
        topic: String? = nil,
        tags: [String]? = nil, version: Int? = nil, practice: Bool? = nil, image: QuestionImage? = nil
    ) {
        self.image = image
        self.textFormat = textFormat
        self.feedbackWhenRight = feedbackWhenRight
        self.feedbackWhenWrong = feedbackWhenWrong
        self.graderInfo = graderInfo
        self.id = id
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
        self.version = version
        self.practice = practice
    }

    /// The question as a draft: what `PUT /api/faculty/questions/{questionId}` takes.
    public var draft: QuestionDraft {
        QuestionDraft(
            kind: kind, prompt: prompt, points: points, choices: choices, items: items, options: options, answer: answer,
            textFormat: textFormat, generalFeedback: generalFeedback, feedbackWhenRight: feedbackWhenRight,
            feedbackWhenWrong: feedbackWhenWrong, graderInfo: graderInfo, name: name, topic: topic, tags: tags, practice: practice,
            image: image)
    }
}

/// One row of `GET /api/faculty/exams`.
public struct ExamSummary: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var courseId: Int
    public var title: String
    public var status: ExamStatus
    public var questionCount: Int
    public var totalPoints: Int
    public var attemptCount: Int
    public var maxAttempts: Int
    public var timeLimitMinutes: Int?
    public var opensAt: Date?
    public var closesAt: Date?

    public init(
        id: Int, courseId: Int, title: String, status: ExamStatus, questionCount: Int, totalPoints: Int, attemptCount: Int,
        maxAttempts: Int, timeLimitMinutes: Int?, opensAt: Date?, closesAt: Date?
    ) {
        self.id = id
        self.courseId = courseId
        self.title = title
        self.status = status
        self.questionCount = questionCount
        self.totalPoints = totalPoints
        self.attemptCount = attemptCount
        self.maxAttempts = maxAttempts
        self.timeLimitMinutes = timeLimitMinutes
        self.opensAt = opensAt
        self.closesAt = closesAt
    }
}

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
    public var questions: [Question]

    public init(
        id: Int, courseId: Int, title: String, instructions: String, timeLimitMinutes: Int?, opensAt: Date?, closesAt: Date?,
        maxAttempts: Int, status: ExamStatus, policy: ExamPolicy = ExamPolicy(), questions: [Question]
    ) {
        self.policy = policy
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

    /// The points of every question together: the best score an attempt can get.
    public var totalPoints: Int { questions.reduce(0) { $0 + $1.points } }
}

/// A question with its id and right answer (faculty only).
public struct Question: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var kind: QuestionKind
    public var prompt: String
    public var points: Int
    public var choices: [Choice]?
    public var answer: QuestionAnswer

    public init(id: Int, kind: QuestionKind, prompt: String, points: Int, choices: [Choice]?, answer: QuestionAnswer) {
        self.id = id
        self.kind = kind
        self.prompt = prompt
        self.points = points
        self.choices = choices
        self.answer = answer
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

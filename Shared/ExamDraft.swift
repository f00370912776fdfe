import Foundation

/// An exam as its author writes it: the body of `POST /api/faculty/courses/{courseId}/exams`
/// and of `PUT /api/faculty/exams/{examId}` (no ids but the choices' own).
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

    public init(
        title: String, instructions: String? = nil, timeLimitMinutes: Int? = nil, opensAt: Date? = nil, closesAt: Date? = nil,
        maxAttempts: Int? = nil, policy: ExamPolicy? = nil, questions: [QuestionDraft]
    ) {
        self.policy = policy
        self.title = title
        self.instructions = instructions
        self.timeLimitMinutes = timeLimitMinutes
        self.opensAt = opensAt
        self.closesAt = closesAt
        self.maxAttempts = maxAttempts
        self.questions = questions
    }
}

/// A question as its author writes it.
public struct QuestionDraft: Codable, Sendable, Hashable {
    public var kind: QuestionKind
    public var prompt: String
    public var points: Int
    /// The choices of a choice question (absent for the other kinds).
    public var choices: [Choice]?
    public var answer: QuestionAnswer

    public init(kind: QuestionKind, prompt: String, points: Int, choices: [Choice]? = nil, answer: QuestionAnswer) {
        self.kind = kind
        self.prompt = prompt
        self.points = points
        self.choices = choices
        self.answer = answer
    }
}

/// One choice of a choice question; `id` is the author's ("a", "b", …), unique in its question.
public struct Choice: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    public var text: String

    public init(id: String, text: String) {
        self.id = id
        self.text = text
    }
}

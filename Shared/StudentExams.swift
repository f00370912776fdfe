import Foundation

/// One row of `GET /api/students/exams`: a published exam of a course the student is in.
public struct StudentExamSummary: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var courseId: Int
    public var title: String
    public var instructions: String
    public var timeLimitMinutes: Int?
    public var opensAt: Date?
    public var closesAt: Date?
    public var questionCount: Int
    public var maxScore: Int
    public var attemptsUsed: Int
    public var maxAttempts: Int
    /// The best score of the student's submitted attempts, if any.
    public var bestScore: Int?
    /// The attempt the student has open, to resume.
    public var openAttemptId: Int?

    public init(
        id: Int, courseId: Int, title: String, instructions: String, timeLimitMinutes: Int?, opensAt: Date?, closesAt: Date?,
        questionCount: Int, maxScore: Int, attemptsUsed: Int, maxAttempts: Int, bestScore: Int?, openAttemptId: Int?
    ) {
        self.id = id
        self.courseId = courseId
        self.title = title
        self.instructions = instructions
        self.timeLimitMinutes = timeLimitMinutes
        self.opensAt = opensAt
        self.closesAt = closesAt
        self.questionCount = questionCount
        self.maxScore = maxScore
        self.attemptsUsed = attemptsUsed
        self.maxAttempts = maxAttempts
        self.bestScore = bestScore
        self.openAttemptId = openAttemptId
    }
}

/// A question as a student sees it: never its right answer.
public struct StudentQuestion: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var kind: QuestionKind
    public var prompt: String
    public var points: Int
    public var choices: [Choice]?

    public init(id: Int, kind: QuestionKind, prompt: String, points: Int, choices: [Choice]?) {
        self.id = id
        self.kind = kind
        self.prompt = prompt
        self.points = points
        self.choices = choices
    }
}

/// An attempt as its student sees it: the answer to `POST /api/students/exams/{examId}/attempts`
/// and `GET /api/students/attempts/{attemptId}`. `result` is there once it is submitted.
public struct StudentAttempt: Codable, Sendable, Hashable {
    public var attemptId: Int
    public var examId: Int
    public var title: String
    public var instructions: String
    /// 1 for the first attempt at the exam, 2 for the second, …
    public var number: Int
    public var startedAt: Date
    /// When the attempt ends by itself (time limit or the exam's closing), if ever.
    public var deadline: Date?
    public var submittedAt: Date?
    public var questions: [StudentQuestion]
    /// What the student has saved so far.
    public var answers: [AnswerInput]
    public var result: AttemptResult?

    public init(
        attemptId: Int, examId: Int, title: String, instructions: String, number: Int, startedAt: Date, deadline: Date?,
        submittedAt: Date?, questions: [StudentQuestion], answers: [AnswerInput], result: AttemptResult?
    ) {
        self.attemptId = attemptId
        self.examId = examId
        self.title = title
        self.instructions = instructions
        self.number = number
        self.startedAt = startedAt
        self.deadline = deadline
        self.submittedAt = submittedAt
        self.questions = questions
        self.answers = answers
        self.result = result
    }
}

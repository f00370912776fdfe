import Foundation

/// A submitted attempt as its student may see it (`POST /api/students/attempts/{attemptId}/submit`,
/// and `result` of a read attempt). What it holds follows the exam's review options: the
/// score with `score`, each question's outcome with `correctness`, right answers with
/// `answers`, feedback with `feedback`; with none of them, only that it was submitted.
/// Scores are fractional (at most two decimals).
public struct AttemptResult: Codable, Sendable, Hashable {
    public var attemptId: Int
    public var submittedAt: Date
    /// The server submitted it at its deadline.
    public var autoSubmitted: Bool
    public var score: Double?
    public var maxScore: Double?
    public var results: [QuestionResult]?
    /// True while an essay in it waits to be graded by hand: `score` is then what the other
    /// questions gave so far, pending.
    public var needsGrading: Bool?
    /// The score's grade on the course's scale, for the student's thresholds; nil without a
    /// score, while it is pending, or when the course has no scale (percent only).
    public var grade: String?

    public init(
        attemptId: Int, score: Double?, maxScore: Double?, submittedAt: Date, results: [QuestionResult]?, autoSubmitted: Bool = false,
        needsGrading: Bool? = nil, grade: String? = nil
    ) {
        self.needsGrading = needsGrading
        self.grade = grade
        self.attemptId = attemptId
        self.score = score
        self.maxScore = maxScore
        self.submittedAt = submittedAt
        self.results = results
        self.autoSubmitted = autoSubmitted
    }
}

/// How one question went: right or not and the points it gave (with `correctness`), its right
/// answer (with `answers`) and feedback (with `feedback`).
public struct QuestionResult: Codable, Sendable, Hashable {
    public var questionId: Int
    public var correct: Bool?
    public var points: Double?
    public var rightAnswer: QuestionAnswer?
    public var feedback: String?

    public init(questionId: Int, correct: Bool?, points: Double?, rightAnswer: QuestionAnswer? = nil, feedback: String? = nil) {
        self.questionId = questionId
        self.correct = correct
        self.points = points
        self.rightAnswer = rightAnswer
        self.feedback = feedback
    }
}

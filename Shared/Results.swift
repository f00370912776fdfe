import Foundation

/// The grade of a submitted attempt (`POST /api/students/attempts/{attemptId}/submit`).
public struct AttemptResult: Codable, Sendable, Hashable {
    public var attemptId: Int
    public var score: Int
    public var maxScore: Int
    public var submittedAt: Date
    public var results: [QuestionResult]

    public init(attemptId: Int, score: Int, maxScore: Int, submittedAt: Date, results: [QuestionResult]) {
        self.attemptId = attemptId
        self.score = score
        self.maxScore = maxScore
        self.submittedAt = submittedAt
        self.results = results
    }
}

/// How one question went: right or not, and the points it gave.
public struct QuestionResult: Codable, Sendable, Hashable {
    public var questionId: Int
    public var correct: Bool
    public var points: Int

    public init(questionId: Int, correct: Bool, points: Int) {
        self.questionId = questionId
        self.correct = correct
        self.points = points
    }
}

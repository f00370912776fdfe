import ExamPrepShared
import Foundation

/// A graded attempt, as a grading method sees it.
public struct ScoredAttempt: Sendable, Hashable {
    public var id: Int
    public var number: Int
    public var score: Double
    public var maxScore: Double
    public var submittedAt: Date
    /// An essay in it waits to be graded by hand: its score is not final.
    public var needsGrading: Bool

    public init(id: Int, number: Int, score: Double, maxScore: Double, submittedAt: Date, needsGrading: Bool = false) {
        self.needsGrading = needsGrading
        self.id = id
        self.number = number
        self.score = score
        self.maxScore = maxScore
        self.submittedAt = submittedAt
    }
}

/// One student's grade at one exam.
public struct ExamGrade: Sendable, Hashable {
    public var score: Double
    public var maxScore: Double
    /// The attempt the grade comes from (for an average, the last one).
    public var attemptID: Int
    public var submittedAt: Date
    /// How many graded attempts it is made from.
    public var attempts: Int
    /// The grade waits for an essay to be graded by hand: `score` is pending.
    public var needsGrading: Bool

    public init(score: Double, maxScore: Double, attemptID: Int, submittedAt: Date, attempts: Int, needsGrading: Bool = false) {
        self.needsGrading = needsGrading
        self.score = score
        self.maxScore = maxScore
        self.attemptID = attemptID
        self.submittedAt = submittedAt
        self.attempts = attempts
    }
}

extension GradingMethod {
    /// The grade `attempts` (one student's graded attempts at one exam) make, as Moodle's
    /// grading methods do: the highest score (the earliest of equal ones), the average (to two
    /// decimals, half away from zero), the first attempt's or the last one's, by number. An
    /// attempt that was never submitted is not graded and does not count: "first" is the first
    /// graded one. Nil without a graded attempt.
    ///
    /// A grade is pending (`needsGrading`) when an attempt it depends on waits for an essay to
    /// be graded: any of them for the highest score and the average, the chosen one for the
    /// first and the last attempt.
    public func grade(_ attempts: [ScoredAttempt]) -> ExamGrade? {
        let byNumber = attempts.sorted { ($0.number, $0.id) < ($1.number, $1.id) }
        guard let first = byNumber.first, let last = byNumber.last else { return nil }
        let chosen: ScoredAttempt
        var score: Double?
        switch self {
        case .highest:
            chosen =
                attempts.min { ($1.score, $0.submittedAt, $0.id) < ($0.score, $1.submittedAt, $1.id) } ?? first
        case .first: chosen = first
        case .last: chosen = last
        case .average:
            chosen = last
            // Scores have two decimals: in hundredths the sum is exact.
            let hundredths = attempts.reduce(0) { $0 + (Int(exactly: ($1.score * 100).rounded()) ?? 0) }
            score = (Double(hundredths) / Double(attempts.count)).rounded() / 100
        }
        let pending = self == .first || self == .last ? chosen.needsGrading : attempts.contains(where: \.needsGrading)
        return ExamGrade(
            score: score ?? chosen.score, maxScore: chosen.maxScore, attemptID: chosen.id, submittedAt: chosen.submittedAt,
            attempts: attempts.count, needsGrading: pending)
    }
}

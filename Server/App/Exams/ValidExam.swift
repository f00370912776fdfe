import ExamPrepShared
import Foundation

/// An exam that passed `ExamValidation`: every text trimmed and within its limits, every
/// question gradeable. What `ExamRepository` stores.
struct ValidExam: Sendable, Equatable {
    var title: String
    var instructions: String
    var timeLimitMinutes: Int?
    var opensAt: Date?
    var closesAt: Date?
    var maxAttempts: Int
    var policy: ExamPolicy
    var questions: [ValidQuestion]
}

/// A question with its right answer in the shape the database keeps it.
struct ValidQuestion: Sendable, Equatable {
    var kind: QuestionKind
    var prompt: String
    var points: Int
    /// Choice questions only, in the author's order.
    var choices: [ValidChoice]
    /// True/false questions only.
    var correctValue: Bool?
    /// Short-answer questions only.
    var acceptedAnswers: [String]?
}

struct ValidChoice: Sendable, Equatable {
    var key: String
    var text: String
    var correct: Bool
}

import ExamPrepShared
import Foundation

/// An exam that passed `ExamValidation`: every text trimmed and within its limits, every
/// question gradeable, every draw well formed. What `ExamRepository` stores.
struct ValidExam: Sendable, Equatable {
    var title: String
    var instructions: String
    var timeLimitMinutes: Int? = nil
    var opensAt: Date? = nil
    var closesAt: Date? = nil
    var maxAttempts: Int
    var policy: ExamPolicy
    /// The whole questions, each with its place among questions and draws.
    var questions: [ValidQuestion]
    var draws: [ValidDraw]

    /// The places of the whole questions (those the draws leave, in order).
    var questionPositions: [Int] { placesOfQuestions(questions.count) }

    /// The places `count` whole questions take next to the draws.
    func placesOfQuestions(_ count: Int) -> [Int] {
        let taken = Set(draws.map(\.position))
        return Array((0..<(count + draws.count)).filter { !taken.contains($0) }.prefix(count))
    }
}

/// A slot drawing `count` questions from the bank, at `position` among the exam's items.
struct ValidDraw: Sendable, Equatable {
    var position: Int
    var topic: String?
    var tags: [String]
    var count: Int
    var points: Int

    var slot: ExamDrawSlot {
        ExamDrawSlot(position: position, fromBank: BankDraw(topic: topic, tags: tags.isEmpty ? nil : tags, count: count, points: points))
    }
}

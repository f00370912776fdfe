import ExamPrepShared
import Foundation

/// An exam that passed `ExamValidation`: every text trimmed and within its limits, every
/// question gradeable, every draw well formed. What `ExamRepository` stores.
public struct ValidExam: Sendable, Equatable {
    public var title: String
    public var instructions: String
    public var timeLimitMinutes: Int? = nil
    public var opensAt: Date? = nil
    public var closesAt: Date? = nil
    public var maxAttempts: Int
    public var policy: ExamPolicy
    /// The whole questions, each with its place among questions and draws.
    public var questions: [ValidQuestion]
    public var draws: [ValidDraw]

    /// The places of the whole questions (those the draws leave, in order).
    public var questionPositions: [Int] { placesOfQuestions(questions.count) }

    /// The places `count` whole questions take next to the draws.
    func placesOfQuestions(_ count: Int) -> [Int] {
        let taken = Set(draws.map(\.position))
        return Array((0..<(count + draws.count)).filter { !taken.contains($0) }.prefix(count))
    }
}

/// A slot drawing `count` questions from the bank, at `position` among the exam's items.
public struct ValidDraw: Sendable, Equatable {
    public var position: Int
    public var topic: String?
    public var tags: [String]
    public var count: Int
    public var points: Int

    public init(position: Int, topic: String?, tags: [String], count: Int, points: Int) {
        self.position = position
        self.topic = topic
        self.tags = tags
        self.count = count
        self.points = points
    }

    /// The slot as the API writes it (no tags is `nil`).
    public var slot: ExamDrawSlot {
        ExamDrawSlot(position: position, fromBank: BankDraw(topic: topic, tags: tags.isEmpty ? nil : tags, count: count, points: points))
    }
}

import Foundation

/// Where a card is in FSRS's state machine (the reference's `State`).
public enum SchedulingState: String, Sendable, Codable, Equatable, Hashable, CaseIterable {
    /// New and being learnt: due again after the short learning steps (minutes).
    case learning
    /// Learnt: due after an interval in whole days computed from stability.
    case review
    /// Forgotten in review: back to the short relearning steps before review again.
    case relearning
}

/// One student's memory of one item, as FSRS keeps it between reviews.
///
/// The server stores this value per student and question; ``FSRSScheduler/review(_:rating:at:)``
/// turns it and a rating into the next one. A card that was never reviewed has no state:
/// pass `nil`.
public struct CardState: Sendable, Codable, Equatable, Hashable {
    /// Learning, review or relearning.
    public var state: SchedulingState
    /// The index of the current learning or relearning step; `nil` in review.
    public var step: Int?
    /// Stability S: the number of days after which recall probability falls to 90 %.
    public var stability: Double
    /// Difficulty D, between 1 (easiest) and 10 (hardest).
    public var difficulty: Double
    /// When the card should be reviewed next.
    public var due: Date
    /// When it was last reviewed (always set on states the scheduler returns).
    public var lastReview: Date?

    public init(
        state: SchedulingState,
        step: Int?,
        stability: Double,
        difficulty: Double,
        due: Date,
        lastReview: Date?
    ) {
        self.state = state
        self.step = step
        self.stability = stability
        self.difficulty = difficulty
        self.due = due
        self.lastReview = lastReview
    }

    /// Whether the card is due at `date` (its due date has been reached).
    public func isDue(at date: Date) -> Bool { due <= date }
}

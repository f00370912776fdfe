/// How well a student recalled an item: FSRS's four grades.
///
/// FSRS's formulas use the grade G = 1…4 (again, hard, good, easy); ``grade`` gives it.
/// The raw value is a readable name, because the server stores and returns ratings.
public enum Rating: String, Sendable, Codable, Equatable, Hashable, CaseIterable {
    /// Forgotten (a wrong answer).
    case again
    /// Recalled with serious difficulty.
    case hard
    /// Recalled.
    case good
    /// Recalled without effort.
    case easy

    /// The grade G in FSRS's formulas: again 1, hard 2, good 3, easy 4.
    public var grade: Int {
        switch self {
        case .again: 1
        case .hard: 2
        case .good: 3
        case .easy: 4
        }
    }

    /// Whether the item was recalled at all (every rating but `again`).
    public var isRecall: Bool { self != .again }
}

import ExamPrepPostgres
import ExamPrepScheduling
import Foundation

/// A student's schedule for one question as `review_schedules` keeps it: read into FSRS's
/// `CardState` and written back after a review.
enum ReviewCard {
    static let scheduler = FSRSScheduler.examPrep

    /// The columns `card(_:)` reads.
    static let columns = "state, step, stability, difficulty, due, last_review"

    static func card(_ row: PostgresRow) throws -> CardState {
        let stateText: String = try row.decode("state")
        guard let state = SchedulingState(rawValue: stateText) else {
            throw PostgresError(kind: .decoding, message: "unknown review state '\(stateText)'", column: "state")
        }
        return CardState(
            state: state, step: try row.decode("step"), stability: try row.decode("stability"),
            difficulty: try row.decode("difficulty"), due: try row.decode("due"), lastReview: try row.decode("last_review"))
    }
}

import ExamPrepPostgres
import ExamPrepScheduling
import ExamPrepShared
import Foundation

/// A student's review schedules on one transaction: each practice answer is a review that
/// FSRS (`ReviewCard.scheduler`, no learning steps) turns into the question's next due date.
struct ReviewScheduleStatements {
    let transaction: Transaction

    /// Reviews the question with `rating` at `now` and stores its new schedule; returns when
    /// it is due next, with that day in the course's time zone.
    func review(studentID: Int, familyID: Int, courseID: Int, rating: Rating, at now: Date) async throws -> ReviewDue {
        let rows = try await transaction.query(
            """
            SELECT \(unescaped: ReviewCard.columns) FROM review_schedules
            WHERE student_id = \(studentID) AND family_id = \(familyID) FOR UPDATE
            """)
        let previous = try rows.first.map(ReviewCard.card)
        let next = ReviewCard.scheduler.review(previous, rating: rating, at: now)
        let wrong = rating == .again ? 1 : 0
        let stored = try await transaction.query(
            """
            INSERT INTO review_schedules AS rs (
                student_id, family_id, course_id, state, step, stability, difficulty, due, last_review, reviews, lapses)
            VALUES (\(studentID), \(familyID), \(courseID), \(next.state.rawValue), \(next.step), \(next.stability), \(next.difficulty),
                    \(next.due), \(now), 1, \(wrong))
            ON CONFLICT (student_id, family_id) DO UPDATE SET
                course_id = excluded.course_id, state = excluded.state, step = excluded.step, stability = excluded.stability,
                difficulty = excluded.difficulty, due = excluded.due, last_review = excluded.last_review,
                reviews = rs.reviews + 1, lapses = rs.lapses + excluded.lapses
            RETURNING (SELECT time_zone FROM courses WHERE id = \(courseID)) AS time_zone,
                      to_char(rs.due AT TIME ZONE (SELECT time_zone FROM courses WHERE id = \(courseID)), 'YYYY-MM-DD') AS due_date
            """
        ).single()
        return ReviewDue(
            due: next.due, dueDate: try stored.decode("due_date"), timeZone: try stored.decode("time_zone"),
            intervalDays: Int((next.due.timeIntervalSince(now) / 86_400).rounded()))
    }
}

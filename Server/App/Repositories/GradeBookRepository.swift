import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// A course's grade book: each student's grade at each exam by its grading method (the
/// `exam_grades` view, migration 015), students who left the course included (they keep their
/// grades), and those whose account was deleted, one row per deleted address (their attempts
/// are kept, anonymised: migration 014).
struct GradeBookRepository: Sendable {
    let pool: PostgresPool

    /// A page of the grade book keyed by the best attempt's id, or (with `page` nil) all of it.
    func gradeBook(courseID: Int, page: PageRequest?, logger: Logger) async throws -> [GradeBookEntry] {
        let after = page?.after ?? 0
        let limit = page?.fetchLimit
        let rows = try await pool.query(
            """
            SELECT g.attempt_id AS id, g.student_id, u.email, g.exam_id, e.title, g.score::float8 AS score,
                   g.max_score::float8 AS max_score, g.submitted_at
            FROM exam_grades g JOIN exams e ON e.id = g.exam_id LEFT JOIN users u ON u.id = g.student_id
            WHERE e.course_id = \(courseID) AND g.attempt_id > \(after)
            ORDER BY g.attempt_id
            LIMIT \(limit)
            """, logger: logger)
        return try rows.map { row in
            GradeBookEntry(
                studentId: try row.decode("student_id"),
                email: try row.decode("email", as: String?.self) ?? GradeBookEntry.deletedAccount, examId: try row.decode("exam_id"),
                examTitle: try row.decode("title"), attemptId: try row.decode("id"), score: try row.decode("score"),
                maxScore: try row.decode("max_score"), submittedAt: try row.decode("submitted_at"))
        }
    }
}

import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// A course's grade book: each student's best submitted attempt at each exam, students who
/// left the course included (they keep their grades), and those whose account was deleted,
/// one row per deleted address (their attempts are kept, anonymised: migration 014).
struct GradeBookRepository: Sendable {
    let pool: PostgresPool

    /// A page of the grade book keyed by the best attempt's id, or (with `page` nil) all of it.
    func gradeBook(courseID: Int, page: PageRequest?, logger: Logger) async throws -> [GradeBookEntry] {
        let after = page?.after ?? 0
        let limit = page?.fetchLimit
        let rows = try await pool.query(
            """
            SELECT * FROM (
                SELECT DISTINCT ON (a.exam_id, a.student_id, a.student_key)
                       a.id, a.student_id, u.email, a.exam_id, e.title, a.score, a.max_score, a.submitted_at
                FROM attempts a JOIN exams e ON e.id = a.exam_id LEFT JOIN users u ON u.id = a.student_id
                WHERE e.course_id = \(courseID) AND a.submitted_at IS NOT NULL
                ORDER BY a.exam_id, a.student_id, a.student_key, a.score DESC, a.submitted_at, a.id
            ) best
            WHERE best.id > \(after)
            ORDER BY best.id
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

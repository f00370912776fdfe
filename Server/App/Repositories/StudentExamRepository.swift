import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// What a student sees of exams outside an attempt: the published exams of their courses
/// and their grades.
struct StudentExamRepository: Sendable {
    let pool: PostgresPool

    /// A page of the published exams of the student's courses, by id.
    func exams(ofStudent studentID: Int, page: PageRequest, logger: Logger) async throws -> [StudentExamSummary] {
        let rows = try await pool.query(
            """
            SELECT e.id, e.course_id, e.title, e.instructions, e.time_limit_minutes, e.opens_at, e.closes_at, e.max_attempts,
                   (SELECT count(*) FROM questions q WHERE q.exam_id = e.id) AS question_count,
                   (SELECT coalesce(sum(q.points), 0)::bigint FROM questions q WHERE q.exam_id = e.id) AS max_score,
                   (SELECT count(*) FROM attempts a
                    WHERE a.exam_id = e.id AND a.student_key = student_key(\(studentID))) AS attempts_used,
                   (SELECT max(a.score) FROM attempts a
                    WHERE a.exam_id = e.id AND a.student_id = \(studentID) AND a.submitted_at IS NOT NULL) AS best_score,
                   (SELECT a.id FROM attempts a
                    WHERE a.exam_id = e.id AND a.student_id = \(studentID) AND a.submitted_at IS NULL) AS open_attempt_id
            FROM exams e JOIN enrollments en ON en.course_id = e.course_id AND en.user_id = \(studentID)
            WHERE e.status = 'published' AND e.id > \(page.after ?? 0)
            ORDER BY e.id
            LIMIT \(page.fetchLimit)
            """, logger: logger)
        return try rows.map { row in
            StudentExamSummary(
                id: try row.decode("id"), courseId: try row.decode("course_id"), title: try row.decode("title"),
                instructions: try row.decode("instructions"), timeLimitMinutes: try row.decode("time_limit_minutes"),
                opensAt: try row.decode("opens_at"), closesAt: try row.decode("closes_at"),
                questionCount: try row.decode("question_count"), maxScore: try row.decode("max_score"),
                attemptsUsed: try row.decode("attempts_used"), maxAttempts: try row.decode("max_attempts"),
                bestScore: try row.decode("best_score"), openAttemptId: try row.decode("open_attempt_id"))
        }
    }

    /// A page of the student's best submitted attempt per exam, keyed by the attempt's id.
    /// Grades stay when the student leaves the course.
    func grades(ofStudent studentID: Int, page: PageRequest, logger: Logger) async throws -> [StudentGrade] {
        let rows = try await pool.query(
            """
            SELECT * FROM (
                SELECT DISTINCT ON (a.exam_id) a.id, a.exam_id, e.title, e.course_id, a.score, a.max_score, a.submitted_at
                FROM attempts a JOIN exams e ON e.id = a.exam_id
                WHERE a.student_id = \(studentID) AND a.submitted_at IS NOT NULL
                ORDER BY a.exam_id, a.score DESC, a.submitted_at, a.id
            ) best
            WHERE best.id > \(page.after ?? 0)
            ORDER BY best.id
            LIMIT \(page.fetchLimit)
            """, logger: logger)
        return try rows.map { row in
            StudentGrade(
                examId: try row.decode("exam_id"), examTitle: try row.decode("title"), courseId: try row.decode("course_id"),
                attemptId: try row.decode("id"), score: try row.decode("score"), maxScore: try row.decode("max_score"),
                submittedAt: try row.decode("submitted_at"))
        }
    }
}

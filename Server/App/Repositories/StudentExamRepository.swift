import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// What a student sees of exams outside an attempt: the published exams of their courses on
/// their own terms (overrides, accommodations), and their grades, as far as each exam's
/// review options show scores now.
struct StudentExamRepository: Sendable {
    let pool: PostgresPool

    /// A page of the published exams of the student's courses, by id.
    func exams(ofStudent studentID: Int, page: PageRequest, now: Date, logger: Logger) async throws -> [StudentExamSummary] {
        let rows = try await pool.query(
            """
            SELECT e.id, e.course_id, e.title, e.instructions, e.time_limit_minutes AS exam_limit,
                   coalesce(o.time_limit_minutes, e.time_limit_minutes) AS own_limit, ac.time_multiplier::float8 AS multiplier,
                   ac.extra_minutes, coalesce(o.opens_at, e.opens_at) AS opens_at, coalesce(o.closes_at, e.closes_at) AS closes_at,
                   e.max_attempts + coalesce(o.extra_attempts, 0) AS max_attempts, c.time_zone,
                   (SELECT count(*) FROM questions q WHERE q.exam_id = e.id AND q.is_current)
                     + (SELECT coalesce(sum(d.count), 0) FROM exam_draws d WHERE d.exam_id = e.id) AS question_count,
                   (SELECT coalesce(sum(q.points), 0)::float8 FROM questions q WHERE q.exam_id = e.id AND q.is_current)
                     + (SELECT coalesce(sum(d.count * d.points), 0)::float8 FROM exam_draws d WHERE d.exam_id = e.id) AS max_score,
                   (SELECT count(*) FROM attempts a
                    WHERE a.exam_id = e.id AND a.student_key = student_key(\(studentID))) AS attempts_used,
                   -- A score only where the exam's review options show it now (once the exam is
                   -- over for everyone, its "after close" ones, else its "after submit" ones).
                   (SELECT g.score::float8 FROM exam_grades g WHERE g.exam_id = e.id AND g.student_id = \(studentID)
                      AND 'score' = ANY(exam_review_items(e.id, \(now)))) AS best_score,
                   (SELECT a.id FROM attempts a
                    WHERE a.exam_id = e.id AND a.student_id = \(studentID) AND a.submitted_at IS NULL) AS open_attempt_id
            FROM exams e JOIN courses c ON c.id = e.course_id
            JOIN enrollments en ON en.course_id = e.course_id AND en.user_id = \(studentID)
            LEFT JOIN exam_overrides o ON o.exam_id = e.id AND o.student_id = \(studentID)
            LEFT JOIN accommodations ac ON ac.course_id = e.course_id AND ac.student_id = \(studentID)
            WHERE e.status = 'published' AND e.id > \(page.after ?? 0)
            ORDER BY e.id
            LIMIT \(page.fetchLimit)
            """, logger: logger)
        return try rows.map { row in
            let examLimit: Int? = try row.decode("exam_limit")
            let limit = StudentTimeLimit.minutes(
                try row.decode("own_limit"), multiplier: try row.decode("multiplier"), extraMinutes: try row.decode("extra_minutes"))
            return StudentExamSummary(
                id: try row.decode("id"), courseId: try row.decode("course_id"), title: try row.decode("title"),
                instructions: try row.decode("instructions"), timeLimitMinutes: limit, opensAt: try row.decode("opens_at"),
                closesAt: try row.decode("closes_at"), questionCount: try row.decode("question_count"),
                maxScore: try row.decode("max_score"), attemptsUsed: try row.decode("attempts_used"),
                maxAttempts: try row.decode("max_attempts"), bestScore: try row.decode("best_score"),
                openAttemptId: try row.decode("open_attempt_id"), baseTimeLimitMinutes: limit == examLimit ? nil : examLimit,
                timeZone: try row.decode("time_zone"))
        }
    }

    /// A page of the student's grades, one per exam by its grading method, keyed by the attempt
    /// the grade comes from; only where the exam's review options show scores now. Grades stay
    /// when the student leaves the course.
    func grades(ofStudent studentID: Int, page: PageRequest, now: Date, logger: Logger) async throws -> [StudentGrade] {
        let rows = try await pool.query(
            """
            SELECT g.attempt_id, g.exam_id, e.title, e.course_id, g.score::float8 AS score, g.max_score::float8 AS max_score,
                   g.submitted_at
            FROM exam_grades g JOIN exams e ON e.id = g.exam_id
            WHERE g.student_id = \(studentID) AND g.attempt_id > \(page.after ?? 0)
              AND 'score' = ANY(exam_review_items(e.id, \(now)))
            ORDER BY g.attempt_id
            LIMIT \(page.fetchLimit)
            """, logger: logger)
        return try rows.map { row in
            StudentGrade(
                examId: try row.decode("exam_id"), examTitle: try row.decode("title"), courseId: try row.decode("course_id"),
                attemptId: try row.decode("attempt_id"), score: try row.decode("score"), maxScore: try row.decode("max_score"),
                submittedAt: try row.decode("submitted_at"))
        }
    }
}

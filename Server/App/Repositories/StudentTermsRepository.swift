import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// A student's own terms, as their faculty member sets them: accommodations (per student and
/// course: more time in every exam) and overrides (per student and exam: a window, attempts
/// and a time limit of their own). Another's course or exam is `nil` (404). Extending a running
/// attempt and who is in an exam are `FacultyAttemptRepository`'s.
///
/// A change to what a deadline depends on works out again (`StudentTerms.deadline`) the
/// deadline of every attempt it touches that still runs. The course's row is locked (shared)
/// first, as every exam transaction does.
struct StudentTermsRepository: Sendable {
    let pool: PostgresPool

    // MARK: - Accommodations

    /// Sets the student's accommodation in the course; nil when the course is not the faculty
    /// member's or the student is not enrolled in it.
    func setAccommodation(_ accommodation: Accommodation, courseID: Int, studentID: Int, facultyID: Int, logger: Logger)
        async throws -> Accommodation?
    {
        try await pool.transaction(logger: logger) { transaction in
            guard try await Self.lockEnrollment(courseID: courseID, studentID: studentID, facultyID: facultyID, in: transaction) else {
                return nil
            }
            let row = try await transaction.query(
                """
                INSERT INTO accommodations (course_id, student_id, time_multiplier, extra_minutes, note, grade_threshold_offset_percent)
                VALUES (\(courseID), \(studentID), \(accommodation.timeMultiplier ?? 1), \(accommodation.extraMinutes ?? 0),
                        \(accommodation.note), \(accommodation.gradeThresholdOffsetPercent ?? 0))
                ON CONFLICT (course_id, student_id) DO UPDATE SET
                    time_multiplier = excluded.time_multiplier, extra_minutes = excluded.extra_minutes, note = excluded.note,
                    grade_threshold_offset_percent = excluded.grade_threshold_offset_percent
                RETURNING time_multiplier::float8 AS time_multiplier, extra_minutes, note,
                          grade_threshold_offset_percent::int AS grade_threshold_offset_percent
                """
            ).single()
            try await Self.recomputeDeadlines(courseID: courseID, examID: nil, studentID: studentID, in: transaction)
            return Accommodation(
                timeMultiplier: try row.decode("time_multiplier"), extraMinutes: try row.decode("extra_minutes"),
                note: try row.decode("note"), studentId: studentID, courseId: courseID,
                gradeThresholdOffsetPercent: try row.decode("grade_threshold_offset_percent"))
        }
    }

    /// Removes the student's accommodation; false when there was none (or the course is not
    /// the faculty member's).
    func removeAccommodation(courseID: Int, studentID: Int, facultyID: Int, logger: Logger) async throws -> Bool {
        try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .course(courseID), facultyID: facultyID, lock: .share, in: transaction) != nil
            else {
                return false
            }
            let removed = try await transaction.execute(
                "DELETE FROM accommodations WHERE course_id = \(courseID) AND student_id = \(studentID)")
            try await Self.recomputeDeadlines(courseID: courseID, examID: nil, studentID: studentID, in: transaction)
            return removed == 1
        }
    }

    // MARK: - Overrides

    /// Sets the student's terms for the exam; nil when the exam is not the faculty member's
    /// or the student is not enrolled in its course.
    func setOverride(_ override: ExamOverride, examID: Int, studentID: Int, facultyID: Int, logger: Logger) async throws
        -> ExamOverride?
    {
        try await pool.transaction(logger: logger) { transaction in
            guard
                let courseID = try await OwnershipRepository.course(of: .exam(examID), facultyID: facultyID, lock: .share, in: transaction),
                try await Self.lockEnrollment(courseID: courseID, studentID: studentID, facultyID: facultyID, in: transaction)
            else { return nil }
            let row = try await transaction.query(
                """
                INSERT INTO exam_overrides (exam_id, student_id, extra_attempts, opens_at, closes_at, time_limit_minutes)
                VALUES (\(examID), \(studentID), \(override.extraAttempts ?? 0), \(override.opensAt), \(override.closesAt),
                        \(override.timeLimitMinutes))
                ON CONFLICT (exam_id, student_id) DO UPDATE SET
                    extra_attempts = excluded.extra_attempts, opens_at = excluded.opens_at, closes_at = excluded.closes_at,
                    time_limit_minutes = excluded.time_limit_minutes
                RETURNING extra_attempts, opens_at, closes_at, time_limit_minutes
                """
            ).single()
            try await Self.recomputeDeadlines(courseID: courseID, examID: examID, studentID: studentID, in: transaction)
            return ExamOverride(
                extraAttempts: try row.decode("extra_attempts"), opensAt: try row.decode("opens_at"),
                closesAt: try row.decode("closes_at"), timeLimitMinutes: try row.decode("time_limit_minutes"), studentId: studentID,
                examId: examID)
        }
    }

    func removeOverride(examID: Int, studentID: Int, facultyID: Int, logger: Logger) async throws -> Bool {
        try await pool.transaction(logger: logger) { transaction in
            guard
                let courseID = try await OwnershipRepository.course(of: .exam(examID), facultyID: facultyID, lock: .share, in: transaction)
            else { return false }
            let removed = try await transaction.execute(
                "DELETE FROM exam_overrides WHERE exam_id = \(examID) AND student_id = \(studentID)")
            try await Self.recomputeDeadlines(courseID: courseID, examID: examID, studentID: studentID, in: transaction)
            return removed == 1
        }
    }

    // MARK: - Steps

    /// Locks the faculty member's course (shared) and checks that the student is enrolled in it.
    private static func lockEnrollment(courseID: Int, studentID: Int, facultyID: Int, in transaction: Transaction) async throws
        -> Bool
    {
        guard try await OwnershipRepository.course(of: .course(courseID), facultyID: facultyID, lock: .share, in: transaction) != nil else {
            return false
        }
        return try await !transaction.query(
            "SELECT 1 AS enrolled FROM enrollments WHERE course_id = \(courseID) AND user_id = \(studentID)"
        ).isEmpty
    }

    /// Works out again the deadline of the student's running attempts in the course (or in one
    /// of its exams), after their terms changed.
    static func recomputeDeadlines(courseID: Int, examID: Int?, studentID: Int, in transaction: Transaction) async throws {
        let running = try await transaction.query(
            """
            SELECT a.id FROM attempts a JOIN exams e ON e.id = a.exam_id
            WHERE e.course_id = \(courseID) AND (\(examID)::bigint IS NULL OR e.id = \(examID))
              AND a.student_id = \(studentID) AND a.submitted_at IS NULL
            ORDER BY a.id
            FOR UPDATE OF a
            """)
        let attempts = AttemptStatements(transaction: transaction)
        for row in running {
            guard let attempt = try await attempts.state(attemptID: try row.decode("id"), studentID: studentID) else { continue }
            try await attempts.updateDeadline(of: attempt, extensionMinutes: attempt.extensionMinutes)
        }
    }
}

import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// The attempts of a faculty member's exams: who is in an exam, each attempt's log, and
/// extending a running attempt. Another's exam or attempt is `nil` (404).
struct FacultyAttemptRepository: Sendable {
    let pool: PostgresPool

    enum Extending: Sendable {
        case extended(FacultyAttemptSummary)
        case notFound
        case refused(AttemptExtension.Refusal)
    }

    static let summaryColumns = """
        a.id, a.student_id, coalesce(u.email, '(deleted account)') AS email, a.number, a.started_at,
        a.deadline, e.closed_at, a.submitted_at, a.auto_submitted, a.score::float8 AS score,
        a.max_score::float8 AS max_score, a.last_saved_at, a.extension_minutes, a.needs_grading,
        (SELECT count(*) FROM attempt_flags f WHERE f.attempt_id = a.id) AS flagged
        """

    /// A page of the exam's attempts by id; nil when the exam is not the faculty member's.
    func attempts(ofExam examID: Int, facultyID: Int, page: PageRequest, logger: Logger) async throws -> [FacultyAttemptSummary]? {
        try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .exam(examID), facultyID: facultyID, lock: .share, in: transaction) != nil else {
                return nil
            }
            let rows = try await transaction.query(
                """
                SELECT \(unescaped: Self.summaryColumns)
                FROM attempts a JOIN exams e ON e.id = a.exam_id LEFT JOIN users u ON u.id = a.student_id
                WHERE a.exam_id = \(examID) AND a.id > \(page.after ?? 0)
                ORDER BY a.id
                LIMIT \(page.fetchLimit)
                """)
            return try rows.map(Self.summary)
        }
    }

    /// A page of the attempt's log, oldest first, keyed by the entry's id; nil when the attempt
    /// is not of the faculty member's exams.
    func events(ofAttempt attemptID: Int, facultyID: Int, page: PageRequest, logger: Logger) async throws -> [(
        id: Int, event: AttemptEvent
    )]? {
        try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .attempt(attemptID), facultyID: facultyID, lock: .none, in: transaction) != nil
            else {
                return nil
            }
            let rows = try await transaction.query(
                """
                SELECT id, at, kind, detail, repeats FROM attempt_events
                WHERE attempt_id = \(attemptID) AND id > \(page.after ?? 0)
                ORDER BY id
                LIMIT \(page.fetchLimit)
                """)
            return try rows.map { row in
                let kind: String = try row.decode("kind")
                guard let known = AttemptEventKind(rawValue: kind) else {
                    throw PostgresError(kind: .decoding, message: "unknown attempt event '\(kind)'", column: "kind")
                }
                let detail: String? = try row.decode("detail")
                let repeats: Int = try row.decode("repeats")
                let summary = repeats > 1 ? "\(repeats) saves within a minute; the last: \(detail ?? "")" : detail
                return (try row.decode("id"), AttemptEvent(at: try row.decode("at"), kind: known, detail: summary))
            }
        }
    }

    /// Adds `minutes` to a running attempt's deadline, and logs it.
    func extend(attemptID: Int, facultyID: Int, minutes: Int, now: Date, logger: Logger) async throws -> Extending {
        try await pool.transaction(logger: logger) { transaction in
            let locked = try await transaction.query(
                """
                SELECT a.id FROM attempts a JOIN exams e ON e.id = a.exam_id JOIN courses c ON c.id = e.course_id
                WHERE a.id = \(attemptID) AND \(ownedBy: facultyID)
                FOR SHARE OF c FOR UPDATE OF a
                """)
            let attempts = AttemptStatements(transaction: transaction)
            guard !locked.isEmpty, let attempt = try await attempts.state(attemptID: attemptID, studentID: nil) else { return .notFound }
            if let refusal = AttemptExtension.refusal(attempt.timing, extendedMinutes: attempt.extensionMinutes, adding: minutes) {
                return .refused(refusal)
            }
            try await attempts.updateDeadline(of: attempt, extensionMinutes: attempt.extensionMinutes + minutes)
            try await attempts.record(.extended, attemptID: attemptID, at: now, detail: "+\(minutes) min")
            let summary = try await transaction.query(
                """
                SELECT \(unescaped: Self.summaryColumns)
                FROM attempts a JOIN exams e ON e.id = a.exam_id LEFT JOIN users u ON u.id = a.student_id
                WHERE a.id = \(attemptID)
                """
            ).single()
            return .extended(try Self.summary(summary))
        }
    }

    static func summary(_ row: PostgresRow) throws -> FacultyAttemptSummary {
        var summary = FacultyAttemptSummary(
            attemptId: try row.decode("id"), studentId: try row.decode("student_id"), email: try row.decode("email"),
            number: try row.decode("number"), startedAt: try row.decode("started_at"),
            deadline: AttemptTiming(
                startedAt: try row.decode("started_at"), deadline: try row.decode("deadline"), examClosedAt: try row.decode("closed_at")
            ).effectiveDeadline,
            submittedAt: try row.decode("submitted_at"), autoSubmitted: try row.decode("auto_submitted"),
            score: try row.decode("score"), maxScore: try row.decode("max_score"), lastSavedAt: try row.decode("last_saved_at"),
            extendedMinutes: try row.decode("extension_minutes"), flagged: try row.decode("flagged"))
        summary.needsGrading = try row.decode("needs_grading", as: Bool.self) ? true : nil
        return summary
    }
}

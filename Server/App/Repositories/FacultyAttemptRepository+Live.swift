import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// What the live page of an exam hour reads besides its page of attempts: the counts over
/// every attempt, one attempt with its exam, and the running attempts to extend at once.
extension FacultyAttemptRepository {
    struct LiveCounts: Sendable {
        /// Students with an attempt.
        var students: Int
        /// Attempts running now (not submitted, not past their deadline).
        var running: Int
        var submitted: Int
        /// Running attempts with a question flagged for review.
        var flagged: Int
    }

    /// The counts over every attempt of the exam; nil when the exam is not the faculty member's.
    func liveCounts(ofExam examID: Int, facultyID: Int, now: Date, logger: Logger) async throws -> LiveCounts? {
        try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .exam(examID), facultyID: facultyID, lock: .none, in: transaction) != nil else {
                return nil
            }
            let row = try await transaction.query(
                """
                SELECT count(DISTINCT a.student_id) AS students,
                       count(*) FILTER (WHERE a.submitted_at IS NULL AND (a.deadline IS NULL OR a.deadline > \(now))) AS running,
                       count(*) FILTER (WHERE a.submitted_at IS NOT NULL) AS submitted,
                       count(*) FILTER (WHERE a.submitted_at IS NULL
                                        AND EXISTS (SELECT 1 FROM attempt_flags f WHERE f.attempt_id = a.id)) AS flagged
                FROM attempts a WHERE a.exam_id = \(examID)
                """
            ).single()
            return LiveCounts(
                students: try row.decode("students"), running: try row.decode("running"), submitted: try row.decode("submitted"),
                flagged: try row.decode("flagged"))
        }
    }

    /// An attempt as the live page and the attempt's log show it: who (name and student number,
    /// for `PersonLabel`) and how often it moved to another tab or app (one place per attempt).
    struct LiveAttempt: Sendable {
        var summary: FacultyAttemptSummary
        var name: String?
        var studentNumber: String?
        var moves: Int

        /// "Anna Kowalska (12345)", or the address of a student without a name.
        var person: String { PersonLabel.of(name: name, email: summary.email, number: studentNumber) }

        init(_ row: PostgresRow) throws {
            summary = try FacultyAttemptRepository.summary(row)
            name = try row.decode("person_name")
            studentNumber = try row.decode("student_number")
            moves = try row.decode("place_moves")
        }
    }

    /// `LiveAttempt`'s columns besides `summaryColumns`.
    static let liveColumns = "u.name AS person_name, u.student_number, a.place_moves"

    /// A page of the exam's attempts by the student's surname (then name, student, attempt),
    /// from `offset`; nil when the exam is not the faculty member's.
    func liveAttempts(ofExam examID: Int, facultyID: Int, offset: Int, limit: Int, logger: Logger) async throws -> [LiveAttempt]? {
        try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .exam(examID), facultyID: facultyID, lock: .none, in: transaction) != nil else {
                return nil
            }
            return try await transaction.query(
                """
                SELECT \(unescaped: Self.summaryColumns), \(unescaped: Self.liveColumns)
                FROM attempts a JOIN exams e ON e.id = a.exam_id LEFT JOIN users u ON u.id = a.student_id
                WHERE a.exam_id = \(examID)
                ORDER BY examprep_surname(u.name, u.email) COLLATE examprep_names, coalesce(u.name, u.email) COLLATE examprep_names,
                         a.student_id, a.number, a.id
                OFFSET \(max(offset, 0)) LIMIT \(limit)
                """
            ).map { try LiveAttempt($0) }
        }
    }

    /// One attempt at the faculty member's exams, with its exam's id; nil for any other.
    func attempt(_ attemptID: Int, facultyID: Int, logger: Logger) async throws -> (examID: Int, attempt: LiveAttempt)? {
        let rows = try await pool.query(
            """
            SELECT \(unescaped: Self.summaryColumns), \(unescaped: Self.liveColumns), e.id AS exam_id
            FROM attempts a JOIN exams e ON e.id = a.exam_id JOIN courses c ON c.id = e.course_id
            LEFT JOIN users u ON u.id = a.student_id
            WHERE a.id = \(attemptID) AND \(ownedBy: facultyID)
            """, logger: logger)
        return try rows.first.map { (try $0.decode("exam_id"), try LiveAttempt($0)) }
    }

    /// The attempts of the exam that are not submitted (the ones an extension may reach); nil
    /// when the exam is not the faculty member's.
    func openAttempts(ofExam examID: Int, facultyID: Int, logger: Logger) async throws -> [Int]? {
        try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .exam(examID), facultyID: facultyID, lock: .none, in: transaction) != nil else {
                return nil
            }
            return try await transaction.query(
                "SELECT a.id FROM attempts a WHERE a.exam_id = \(examID) AND a.submitted_at IS NULL ORDER BY a.id"
            ).map { try $0.decode("id") }
        }
    }
}

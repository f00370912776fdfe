import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// Submits, with what was saved, attempts past their end (their deadline plus the exam's grace
/// period, or the exam's closing): the server's own submission, logged as `auto_submitted`.
/// `AttemptSweeper` calls `submitDue` every few seconds; routes call the others before they
/// read, so what they show is never behind the clock.
struct ExpiredAttempts: Sendable {
    let pool: PostgresPool
    /// The questions of running attempts kept in memory (`AttemptRepository`'s): an attempt
    /// submitted here is forgotten there.
    var questionCache: AttemptQuestionCache? = nil

    /// The student's attempt `attemptID`, if it has ended. Writes only when there is
    /// something to submit.
    func submit(attemptID: Int, studentID: Int, now: Date, logger: Logger) async throws {
        try await pool.transaction(logger: logger) { transaction in
            let attempts = AttemptTransaction(transaction: transaction, questionCache: questionCache)
            guard let state = try await attempts.state(attemptID: attemptID, studentID: studentID), state.hasExpired(at: now),
                let locked = try await attempts.lock(attemptID: attemptID, studentID: studentID), locked.hasExpired(at: now)
            else { return }
            _ = try await attempts.grade(
                locked, questions: try await attempts.questions(of: locked), now: now, auto: true)
        }
    }

    /// Every ended attempt of one student, of one course's exams or of one exam (before their
    /// lists and grade books are read).
    func submit(studentID: Int? = nil, courseID: Int? = nil, examID: Int? = nil, now: Date, logger: Logger) async throws {
        let rows = try await pool.query(
            """
            SELECT a.id FROM attempts a JOIN exams e ON e.id = a.exam_id
            WHERE a.submitted_at IS NULL AND (a.deadline <= \(now) OR e.closed_at <= \(now))
              AND (a.deadline + make_interval(secs => e.grace_seconds) <= \(now) OR e.closed_at <= \(now))
              AND (\(studentID)::bigint IS NULL OR a.student_id = \(studentID))
              AND (\(courseID)::bigint IS NULL OR e.course_id = \(courseID))
              AND (\(examID)::bigint IS NULL OR e.id = \(examID))
            ORDER BY a.id
            """, logger: logger)
        for row in rows {
            _ = try await submitIfEnded(attemptID: try row.decode("id"), now: now, logger: logger)
        }
    }

    /// Up to `limit` ended attempts of anyone, each in a transaction of its own. An attempt
    /// another replica is submitting (or whose course is being deleted) is skipped, not
    /// waited for (`SKIP LOCKED`), so replicas share the work. Returns how many it submitted.
    func submitDue(now: Date, limit: Int = 200, logger: Logger) async throws -> Int {
        let rows = try await pool.query(
            """
            SELECT a.id FROM attempts a JOIN exams e ON e.id = a.exam_id
            WHERE a.submitted_at IS NULL AND (a.deadline <= \(now) OR e.closed_at <= \(now))
              AND (a.deadline + make_interval(secs => e.grace_seconds) <= \(now) OR e.closed_at <= \(now))
            ORDER BY a.deadline NULLS LAST
            LIMIT \(limit)
            """, logger: logger)
        var submitted = 0
        for row in rows where try await submitIfEnded(attemptID: try row.decode("id"), now: now, logger: logger) {
            submitted += 1
        }
        return submitted
    }

    /// Forgets the kept questions of every attempt that is no longer running: submitted by
    /// another replica, by a deleted account, or gone with its course. Returns how many.
    @discardableResult
    func forgetEnded(logger: Logger) async throws -> Int {
        guard let questionCache else { return 0 }
        let kept = questionCache.attemptIDs
        guard !kept.isEmpty else { return 0 }
        let rows = try await pool.query(
            "SELECT id FROM attempts WHERE id = ANY(\(PostgresArray(kept))) AND submitted_at IS NULL", logger: logger)
        let running = Set(try rows.map { try $0.decode("id", as: Int.self) })
        let ended = kept.filter { !running.contains($0) }
        questionCache.forget(ended)
        return ended.count
    }

    /// Submits one attempt if it has ended and nobody else holds it.
    private func submitIfEnded(attemptID: Int, now: Date, logger: Logger) async throws -> Bool {
        try await pool.transaction(logger: logger) { transaction in
            let locked = try await transaction.query(
                """
                SELECT a.id FROM attempts a JOIN exams e ON e.id = a.exam_id JOIN courses c ON c.id = e.course_id
                WHERE a.id = \(attemptID) AND a.submitted_at IS NULL
                FOR SHARE OF c SKIP LOCKED FOR UPDATE OF a SKIP LOCKED
                """)
            guard !locked.isEmpty else { return false }
            let attempts = AttemptTransaction(transaction: transaction, questionCache: questionCache)
            guard let state = try await attempts.state(attemptID: attemptID, studentID: nil), state.hasExpired(at: now) else {
                return false
            }
            let graded = try await attempts.grade(
                state, questions: try await attempts.questions(of: state), now: now, auto: true)
            return graded != nil
        }
    }

    /// Submits every open attempt of the student with what was saved, inside the caller's
    /// transaction: an account being deleted leaves no attempt open.
    static func submitOpenAttempts(ofStudent studentID: Int, now: Date, in transaction: Transaction) async throws {
        let attempts = AttemptTransaction(transaction: transaction)
        let open = try await transaction.query(
            "SELECT id FROM attempts WHERE student_id = \(studentID) AND submitted_at IS NULL ORDER BY id FOR UPDATE")
        for row in open {
            guard let state = try await attempts.state(attemptID: try row.decode("id"), studentID: studentID) else { continue }
            _ = try await attempts.grade(
                state, questions: try await attempts.questions(of: state), now: now, auto: true)
        }
    }
}

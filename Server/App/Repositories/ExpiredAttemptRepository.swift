import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// Submits, with what was saved, attempts past their end (`AttemptTiming.end`: their deadline
/// plus the exam's grace period, or the exam's closing): the server's own submission, logged
/// as `auto_submitted`. `AttemptSweeper` calls `submitDue` every few seconds; routes call the
/// others before they read, so what they show is never behind the clock.
///
/// Which attempts have ended is decided by `AttemptTiming` for each attempt submitted; only
/// finding the candidates among all attempts needs SQL (`ended`), and a test holds that
/// statement to the Swift rule (`AttemptEndTests`).
struct ExpiredAttemptRepository: Sendable {
    let pool: PostgresPool
    /// The questions of running attempts kept in memory (`AttemptRepository`'s): an attempt
    /// submitted here is forgotten there.
    var questionCache: AttemptQuestionCache? = nil

    /// The student's attempt `attemptID`, if it has ended. Writes only when there is
    /// something to submit.
    func submit(attemptID: Int, studentID: Int, now: Date, logger: Logger) async throws {
        try await pool.transaction(logger: logger) { transaction in
            let attempts = AttemptStatements(transaction: transaction, questionCache: questionCache)
            guard let read = try await attempts.state(attemptID: attemptID, studentID: studentID), read.timing.hasEnded(at: now),
                let locked = try await attempts.lock(attemptID: attemptID, studentID: studentID)
            else { return }
            try await attempts.submitIfEnded(locked, now: now)
        }
    }

    /// Every ended attempt of one student, of one course's exams or of one exam (before their
    /// lists and grade books are read).
    func submit(studentID: Int? = nil, courseID: Int? = nil, examID: Int? = nil, now: Date, logger: Logger) async throws {
        let rows = try await pool.query(
            Self.ended(now: now, studentID: studentID, courseID: courseID, examID: examID, limit: nil), logger: logger)
        for row in rows {
            _ = try await submitIfEnded(attemptID: try row.decode("id"), now: now, logger: logger)
        }
    }

    /// Up to `limit` ended attempts of anyone, each in a transaction of its own. An attempt
    /// another replica is submitting (or whose course is being deleted) is skipped, not
    /// waited for (`SKIP LOCKED`), so replicas share the work. Returns how many it submitted.
    func submitDue(now: Date, limit: Int = 200, logger: Logger) async throws -> Int {
        let rows = try await pool.query(Self.ended(now: now, limit: limit), logger: logger)
        var submitted = 0
        for row in rows where try await submitIfEnded(attemptID: try row.decode("id"), now: now, logger: logger) {
            submitted += 1
        }
        return submitted
    }

    /// The open attempts whose end (`AttemptTiming.end`) has come by `now`, by deadline:
    /// `least(deadline + grace, closed_at) <= now`, spelled so that the sweep's index on open
    /// attempts' deadlines serves it.
    static func ended(now: Date, studentID: Int? = nil, courseID: Int? = nil, examID: Int? = nil, limit: Int?) -> PostgresQuery {
        """
        SELECT a.id FROM attempts a JOIN exams e ON e.id = a.exam_id
        WHERE a.submitted_at IS NULL AND (a.deadline <= \(now) OR e.closed_at <= \(now))
          AND (a.deadline + make_interval(secs => e.grace_seconds) <= \(now) OR e.closed_at <= \(now))
          AND (\(studentID)::bigint IS NULL OR a.student_id = \(studentID))
          AND (\(courseID)::bigint IS NULL OR e.course_id = \(courseID))
          AND (\(examID)::bigint IS NULL OR e.id = \(examID))
        ORDER BY a.deadline NULLS LAST, a.id
        LIMIT \(limit)
        """
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
            let attempts = AttemptStatements(transaction: transaction, questionCache: questionCache)
            guard let attempt = try await attempts.state(attemptID: attemptID, studentID: nil) else { return false }
            return try await attempts.submitIfEnded(attempt, now: now)
        }
    }

    /// Submits every open attempt of the student with what was saved, inside the caller's
    /// transaction: an account being deleted leaves no attempt open.
    static func submitOpenAttempts(ofStudent studentID: Int, now: Date, in transaction: Transaction) async throws {
        let attempts = AttemptStatements(transaction: transaction)
        let open = try await transaction.query(
            "SELECT id FROM attempts WHERE student_id = \(studentID) AND submitted_at IS NULL ORDER BY id FOR UPDATE")
        for row in open {
            guard let attempt = try await attempts.state(attemptID: try row.decode("id"), studentID: studentID) else { continue }
            _ = try await attempts.grade(
                attempt, as: .onAccountDeletion(attempt.timing, at: now), questions: try await attempts.questions(of: attempt))
        }
    }
}

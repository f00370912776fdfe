import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// Questions a student flagged for review in a running attempt (`attempt_flags`): the
/// navigation panel, the summary and the faculty's list of attempts show them; each change is
/// kept in the attempt's log.
struct AttemptFlagRepository: Sendable {
    let pool: PostgresPool
    /// The attempts' shared memory of their questions (`AttemptRepository.questionCache`).
    let questionCache: AttemptQuestionCache

    enum Flagging: Sendable {
        case changed(AttemptFlags)
        /// Not the student's attempt (or a course they left).
        case notFound
        /// The attempt has no such question.
        case noSuchQuestion
        /// Submitted, or past its end: nothing of it changes any more.
        case notRunning
    }

    /// What a change does to a question's flag.
    enum Change: Sendable, Equatable {
        /// Flags it; flagging it twice changes nothing more.
        case flag
        /// Takes the flag away; twice changes nothing more.
        case unflag
        /// The other of what it is now (the attempt page's Flag for review button).
        case toggle
    }

    /// Changes `questionID`'s flag as `change` says, with the attempt locked (so a toggle reads
    /// and writes the flag as one step).
    func set(_ change: Change, attemptID: Int, questionID: Int, studentID: Int, now: Date, logger: Logger) async throws -> Flagging {
        try await pool.transaction(logger: logger) { transaction in
            let attempts = AttemptStatements(transaction: transaction, questionCache: questionCache)
            guard let attempt = try await attempts.lock(attemptID: attemptID, studentID: studentID) else { return .notFound }
            guard attempt.timing.takesAnswers(at: now) else { return .notRunning }
            let shown = try await transaction.query(
                """
                SELECT EXISTS (SELECT 1 FROM attempt_flags WHERE attempt_id = \(attemptID) AND question_id = \(questionID)) AS flagged
                FROM attempt_questions WHERE attempt_id = \(attemptID) AND question_id = \(questionID)
                """)
            guard let row = shown.first else { return .noSuchQuestion }
            let flagged: Bool
            switch change {
            case .flag: flagged = true
            case .unflag: flagged = false
            case .toggle: flagged = !(try row.decode("flagged", as: Bool.self))
            }
            let changed =
                flagged
                ? try await transaction.execute(
                    """
                    INSERT INTO attempt_flags (attempt_id, question_id, flagged_at) VALUES (\(attemptID), \(questionID), \(now))
                    ON CONFLICT DO NOTHING
                    """)
                : try await transaction.execute(
                    "DELETE FROM attempt_flags WHERE attempt_id = \(attemptID) AND question_id = \(questionID)")
            if changed > 0 {
                try await attempts.record(flagged ? .flagged : .unflagged, attemptID: attemptID, at: now, detail: "question \(questionID)")
            }
            return .changed(AttemptFlags(flagged: try await Self.flags(attemptID: attemptID, in: transaction)))
        }
    }

    /// The attempt's flagged questions, in the order it shows them.
    func flags(attemptID: Int, logger: Logger) async throws -> [Int] {
        try await pool.transaction(logger: logger) { transaction in
            try await Self.flags(attemptID: attemptID, in: transaction)
        }
    }

    private static func flags(attemptID: Int, in transaction: Transaction) async throws -> [Int] {
        try flags(try await transaction.query(flags(attemptID: attemptID)))
    }

    /// The statement that reads the attempt's flags (a pipeline sends it too).
    static func flags(attemptID: Int) -> PostgresQuery {
        """
        SELECT f.question_id FROM attempt_flags f
        JOIN attempt_questions q ON q.attempt_id = f.attempt_id AND q.question_id = f.question_id
        WHERE f.attempt_id = \(attemptID)
        ORDER BY q.position
        """
    }

    /// The flagged questions in the rows of `flags(attemptID:)`'s statement.
    static func flags(_ rows: PostgresRows) throws -> [Int] {
        try rows.map { try $0.decode("question_id") }
    }
}

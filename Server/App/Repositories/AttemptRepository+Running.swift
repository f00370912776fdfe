import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

extension AttemptRepository {
    /// What `running(attemptID:…)` found.
    enum RunningRead: Sendable {
        /// The attempt takes answers: as its student sees it, the questions they flagged, and
        /// its exam's integrity rules with the place it belongs to.
        case running(StudentAttempt, flagged: [Int], integrity: AttemptIntegrity)
        /// Not the student's attempt, or a course they left.
        case notFound
        /// Submitted, past its end, or its questions are not in memory: read it the long way
        /// (`AttemptReader`).
        case other
    }

    /// A running attempt in one round trip: the attempt, its answers and its flags are read
    /// together in one read-only snapshot, and its questions come from memory
    /// (`AttemptQuestionCache`). A page view or an API read of a running attempt took twelve
    /// round trips and two row locks before; no lock is needed to read: what a save or a
    /// submit commits is seen whole or not at all.
    func running(attemptID: Int, studentID: Int, now: Date, logger: Logger) async throws -> RunningRead {
        let read = try await pool.pipelinedTransaction(logger: logger) { transaction in
            try await transaction.pipeline([
                "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY",
                AttemptSave.read(attemptID: attemptID, studentID: studentID, idempotencyKey: nil),
                AttemptStatements.answers(attemptID: attemptID), AttemptFlagRepository.flags(attemptID: attemptID), .commit,
            ])
        }
        guard read.count == 5, let attempt = try AttemptStatements.loadedAttempt(read[1]), attempt.studentEnrolled else {
            return .notFound
        }
        guard attempt.timing.takesAnswers(at: now), let questions = questionCache.questions(of: attempt) else { return .other }
        let view = AttemptStatements.view(attempt, questions: questions, saved: try AttemptStatements.answers(read[2]), result: nil)
        return .running(view, flagged: try AttemptFlagRepository.flags(read[3]), integrity: attempt.integrity)
    }
}

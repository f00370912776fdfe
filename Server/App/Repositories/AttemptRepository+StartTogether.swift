import ExamPrepExams
import ExamPrepPostgres
import Foundation
import Logging

/// Starts of several students at one exam in one transaction (`StartBatcher`'s groups).
extension AttemptRepository {
    /// Writes the new attempts of `group` (different students of one exam) in one transaction,
    /// in as many round trips as one start alone: BEGIN, every student's enrollment lock and
    /// exam snapshot together; the exam's questions and draws; the attempts; then their
    /// questions, their logs and their state together, with COMMIT. A start the rules refuse
    /// is answered so; one that finds the student's attempt open, or one of theirs that ran
    /// out unsubmitted, is left to the student's own transaction (nil), as is the whole group
    /// when a start of the same student came first (a unique key), PostgreSQL broke a deadlock
    /// with another transaction by ending this one (a deadlock a student starting alone would
    /// not be in), or an edit raced the draw (each student then draws alone, `drawRetries`
    /// times more at most).
    func startTogether(examID: Int, _ group: [StartBatcher.Start], logger: Logger) async throws -> [Starting?] {
        let alone = [Starting?](repeating: nil, count: group.count)
        do {
            return try await pool.pipelinedTransaction(logger: logger) { transaction in
                try await Self.startTogether(
                    examID: examID, group, attempts: AttemptStatements(transaction: transaction, questionCache: questionCache))
            }
        } catch let raced as BankDrawStatements.Raced {
            // With no draw again allowed, the group's lost draw is each start's answer.
            guard drawRetries > 0 else { throw raced }
            return alone
        } catch let error as PostgresError where error.isUniqueViolation || error.isTransactionConflict {
            return alone
        }
    }

    private static func startTogether(examID: Int, _ group: [StartBatcher.Start], attempts: AttemptStatements) async throws -> [Starting?] {
        // The enrollments' row locks, taken in the students' order, put each student's concurrent
        // starts at one exam in line, alone or together.
        let opened = try await attempts.transaction.pipeline(
            [
                .begin,
                """
                SELECT en.user_id FROM exams e JOIN courses c ON c.id = e.course_id
                JOIN enrollments en ON en.course_id = e.course_id AND en.user_id = ANY(\(PostgresArray(group.map(\.studentID))))
                WHERE e.id = \(examID)
                ORDER BY en.user_id
                FOR SHARE OF c, e FOR UPDATE OF en
                """,
            ] + group.map { StudentExamSnapshots.query(studentID: $0.studentID, .exam(examID)) })
        guard opened.count == group.count + 2 else { return group.map { _ in .notFound } }
        let enrolled = Set(try opened[1].map { try $0.decode("user_id", as: Int.self) })
        var outcomes = [Starting?](repeating: nil, count: group.count)
        var new: [(index: Int, attempt: NewAttempt)] = []
        for (index, start) in group.enumerated() {
            guard enrolled.contains(start.studentID), let exam = try StudentExamSnapshots.decode(opened[2 + index]).first?.snapshot else {
                outcomes[index] = .notFound
                continue
            }
            // The server submits an attempt that ran out first: the student's own transaction does.
            if exam.attempts.contains(where: { $0.ofThisAccount && $0.timing.hasEnded(at: start.now) }) { continue }
            switch exam.startDecision(at: start.now) {
            case .refused(let refusal): outcomes[index] = .refusing(refusal)
            case .resume: continue
            case .start(let number): new.append((index, NewAttempt(exam: exam, number: number, start: start)))
            }
        }
        for (written, outcome) in zip(new, try await insert(new.map(\.attempt), attempts: attempts)) {
            outcomes[written.index] = outcome
        }
        return outcomes
    }
}

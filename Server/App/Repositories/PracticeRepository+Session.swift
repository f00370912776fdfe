import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// A practice session as its page shows it again: its questions in order, and which are answered.
struct PracticeProgress: Sendable {
    var session: PracticeSession
    /// The questions answered (by their id in the bank, as the session names them).
    var answered: Set<Int>
}

extension PracticeRepository {
    /// The student's practice session, or nil when it is not theirs (or they left its course).
    func progress(practiceID: Int, studentID: Int, logger: Logger) async throws -> PracticeProgress? {
        try await pool.transaction(logger: logger) { transaction in
            let sessions = try await transaction.query(
                """
                SELECT ps.course_id, ps.started_at FROM practice_sessions ps
                JOIN enrollments en ON en.course_id = ps.course_id AND en.user_id = \(studentID)
                WHERE ps.id = \(practiceID) AND ps.student_id = \(studentID)
                """)
            guard let row = sessions.first else { return nil }
            let questions = try await QuestionRepository(transaction: transaction).load(
                """
                SELECT \(unescaped: QuestionRepository.columns), NULL::integer AS slot_points
                FROM practice_questions pq JOIN questions q ON q.id = pq.question_id
                WHERE pq.practice_id = \(practiceID)
                ORDER BY pq.position
                """)
            let answered = try await transaction.query(
                "SELECT family_id FROM practice_answers WHERE practice_id = \(practiceID)"
            ).map { try $0.decode("family_id", as: Int.self) }
            return PracticeProgress(
                session: PracticeSession(
                    practiceId: practiceID, courseId: try row.decode("course_id"), startedAt: try row.decode("started_at"),
                    questions: questions.map(\.practiceView)),
                answered: Set(answered))
        }
    }
}

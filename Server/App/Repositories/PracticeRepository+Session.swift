import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// A practice session as its page shows it again: its questions in order (under the session's
/// aliases, as the API showed them), and how each answered one went.
struct PracticeProgress: Sendable {
    /// How an answer of the session went, as its page shows it whenever it is read again.
    struct Outcome: Sendable, Equatable {
        var correct: Bool
        var points: Double
        var feedback: String?
        /// Under the session's aliases, as the answer's reply gave it.
        var rightAnswer: QuestionAnswer?
        /// The student's own answer, under the session's aliases.
        var given: AnswerInput? = nil
        /// The day the question is due for review next, in the course's time zone.
        var dueDate: String?
    }

    var session: PracticeSession
    /// The questions answered (by their id in the bank, as the session names them).
    var outcomes: [Int: Outcome]
}

extension PracticeRepository {
    /// The student's practice session, or nil when it is not theirs (or they left its course).
    func progress(practiceID: Int, studentID: Int, logger: Logger) async throws -> PracticeProgress? {
        try await pool.transaction(logger: logger) { transaction in
            let sessions = try await transaction.query(
                """
                SELECT ps.course_id, ps.started_at, ps.alias_seed FROM practice_sessions ps
                JOIN enrollments en ON en.course_id = ps.course_id AND en.user_id = \(studentID)
                WHERE ps.id = \(practiceID) AND ps.student_id = \(studentID)
                """)
            guard let row = sessions.first else { return nil }
            let aliases = AnswerAliases(seed: try row.decode("alias_seed"))
            let questions = try await QuestionStatements(transaction: transaction).load(
                """
                SELECT \(unescaped: QuestionStatements.columns), NULL::integer AS slot_points
                FROM practice_questions pq JOIN questions q ON q.id = pq.question_id
                WHERE pq.practice_id = \(practiceID)
                ORDER BY pq.position
                """)
            let byID = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var outcomes: [Int: PracticeProgress.Outcome] = [:]
            for answer in try await transaction.query(
                """
                SELECT pa.question_id, pa.response::text AS response, pa.correct, pa.points::float8 AS points,
                       to_char(rs.due AT TIME ZONE c.time_zone, 'YYYY-MM-DD') AS due_date
                FROM practice_answers pa
                JOIN practice_sessions ps ON ps.id = pa.practice_id JOIN courses c ON c.id = ps.course_id
                LEFT JOIN review_schedules rs ON rs.student_id = pa.student_id AND rs.family_id = pa.family_id
                WHERE pa.practice_id = \(practiceID)
                """)
            {
                guard let question = byID[try answer.decode("question_id")] else { continue }
                // The feedback is the grading's, as the answer's reply had it (grading is pure).
                let response = try JSONColumn.decode(AnswerInput.self, from: try answer.decode("response", as: String.self))
                outcomes[question.familyID] = PracticeProgress.Outcome(
                    correct: try answer.decode("correct"), points: try answer.decode("points"),
                    feedback: Grader.grade(question, answer: response).feedback, rightAnswer: aliases.shown(question).answer,
                    given: aliases.shown(response, of: question), dueDate: try answer.decode("due_date"))
            }
            return PracticeProgress(
                session: PracticeSession(
                    practiceId: practiceID, courseId: try row.decode("course_id"), startedAt: try row.decode("started_at"),
                    questions: questions.map { aliases.shownShuffled($0).practiceView }),
                outcomes: outcomes)
        }
    }
}

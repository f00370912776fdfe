import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// Regrades a question in every submitted attempt that showed any version of it, after its
/// author fixed it: `full_credit` gives each attempt the question's full points,
/// `current_answer` grades each attempt's answer again by the question as it is now (its
/// current version's answer, with the points the attempt gave the question). A dry run lists
/// the changes and writes nothing; a real one writes exactly those, so grade books follow. An
/// essay is graded by hand (`EssayGradingRepository`): a regrade leaves it, and the points a
/// teacher gave it, as they are.
struct RegradeRepository: Sendable {
    let pool: PostgresPool

    /// The attempts whose score changes (or would), by attempt id; nil when the question is
    /// not the faculty member's.
    func regrade(familyID: Int, facultyID: Int, mode: RegradeMode, dryRun: Bool, logger: Logger) async throws -> [RegradeChange]? {
        try await pool.transaction(logger: logger) { transaction in
            let questions = QuestionStatements(transaction: transaction)
            guard let current = try await questions.current(familyID: familyID, facultyID: facultyID) else { return nil }
            let shown = try await transaction.query(
                """
                SELECT a.id AS attempt_id, a.student_id, a.score::float8 AS score, aq.question_id, aq.points,
                       r.points::float8 AS old_points, an.response::text AS response
                FROM attempt_questions aq
                JOIN questions v ON v.id = aq.question_id
                JOIN attempts a ON a.id = aq.attempt_id
                LEFT JOIN attempt_results r ON r.attempt_id = a.id AND r.question_id = aq.question_id
                LEFT JOIN answers an ON an.attempt_id = a.id AND an.question_id = aq.question_id AND an.response <> 'null'::jsonb
                WHERE v.family_id = \(familyID) AND a.submitted_at IS NOT NULL AND v.kind <> 'essay'
                ORDER BY a.id
                FOR UPDATE OF a
                """)
            var changes: [RegradeChange] = []
            let attempts = AttemptStatements(transaction: transaction)
            for row in shown {
                let attemptID: Int = try row.decode("attempt_id")
                var question = current
                question.id = try row.decode("question_id")
                question.points = try row.decode("points")
                let response: String? = try row.decode("response")
                let answer = try response.map { try JSONColumn.decode(AnswerInput.self, from: $0) }
                var graded = Grader.grade(question, answer: answer)
                if mode == .fullCredit {
                    graded = GradedQuestion(
                        questionId: question.id, correct: true, points: Double(question.points), feedback: graded.feedback)
                }
                let before: Double = try row.decode("score")
                let oldPoints: Double = try row.decode("old_points", as: Double?.self) ?? 0
                let after = ((before - oldPoints + graded.points) * 100).rounded() / 100
                guard after != before else { continue }
                changes.append(RegradeChange(attemptId: attemptID, studentId: try row.decode("student_id"), before: before, after: after))
                guard !dryRun else { continue }
                try await attempts.storeResults([graded], attemptID: attemptID)
                try await transaction.execute("UPDATE attempts SET score = \(after) WHERE id = \(attemptID)")
            }
            return changes
        }
    }
}

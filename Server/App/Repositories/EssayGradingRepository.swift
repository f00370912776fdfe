import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// Essays graded by hand: an exam's grading queue, and one essay's grade with the attempt's
/// score and `needs_grading` worked out again in the same transaction. Questions are named by
/// their id in the exam (the family id), as the faculty routes name them everywhere.
struct EssayGradingRepository: Sendable {
    /// An essay of the queue and its student's address (the page names a person without a
    /// name by it; the API's answer leaves it out, as it always has).
    struct EssayInQueue: Sendable {
        var essay: EssayToGrade
        var email: String?
    }

    let pool: PostgresPool

    /// The most essays one queue lists: grading them brings the next ones first.
    static let queueLimit = 200

    /// The exam's submitted essays, ungraded first (then by submission), each with whose it is;
    /// nil when the exam is not the faculty member's.
    func queue(examID: Int, pendingOnly: Bool, facultyID: Int, logger: Logger) async throws -> [EssayInQueue]? {
        try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .exam(examID), facultyID: facultyID, lock: .none, in: transaction) != nil
            else { return nil }
            let rows = try await transaction.query(
                """
                SELECT a.id AS attempt_id, a.student_id, a.number AS attempt_number, u.name, u.email, u.student_number,
                       v.family_id AS question_id, v.prompt, r.pending, r.points::float8 AS points,
                       r.comment, aq.points AS max_points, coalesce(an.response ->> 'text', '') AS text
                FROM attempts a
                JOIN attempt_results r ON r.attempt_id = a.id
                JOIN questions v ON v.id = r.question_id AND v.kind = 'essay'
                JOIN attempt_questions aq ON aq.attempt_id = a.id AND aq.question_id = r.question_id
                LEFT JOIN answers an ON an.attempt_id = a.id AND an.question_id = r.question_id
                LEFT JOIN users u ON u.id = a.student_id
                WHERE a.exam_id = \(examID) AND a.submitted_at IS NOT NULL AND (NOT \(pendingOnly) OR r.pending)
                ORDER BY r.pending DESC, a.submitted_at, a.id, aq.position
                LIMIT \(Self.queueLimit)
                """)
            return try rows.map { row in
                let pending: Bool = try row.decode("pending")
                let name: String? = try row.decode("name")
                let essay = EssayToGrade(
                    attemptId: try row.decode("attempt_id"), studentId: try row.decode("student_id"),
                    questionId: try row.decode("question_id"), text: try row.decode("text"),
                    points: pending ? nil : try row.decode("points"), comment: try row.decode("comment"),
                    maxPoints: try row.decode("max_points"), studentName: name?.isEmpty == true ? nil : name,
                    studentNumber: try row.decode("student_number"), attemptNumber: try row.decode("attempt_number"),
                    prompt: try row.decode("prompt"))
                return EssayInQueue(essay: essay, email: try row.decode("email"))
            }
        }
    }

    enum Grading: Sendable, Equatable {
        case graded(EssayGradeResponse)
        /// Not the faculty member's attempt, or no such question in it.
        case attemptNotFound
        case questionNotFound
        case notSubmitted
        case notAnEssay
        /// More than the question is worth in this attempt.
        case tooManyPoints(max: Int)
    }

    /// Gives the essay `points` (already checked: 0 or more, two decimals) and `comment`, and the
    /// attempt its new score; a second grade replaces the first.
    func grade(
        attemptID: Int, questionID: Int, points: Double, comment: String?, facultyID: Int, now: Date, logger: Logger
    ) async throws -> Grading {
        try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .attempt(attemptID), facultyID: facultyID, lock: .share, in: transaction) != nil
            else { return .attemptNotFound }
            let rows = try await transaction.query(
                """
                SELECT a.submitted_at, aq.question_id, aq.points, v.kind, v.general_feedback
                FROM attempts a JOIN attempt_questions aq ON aq.attempt_id = a.id JOIN questions v ON v.id = aq.question_id
                WHERE a.id = \(attemptID) AND v.family_id = \(questionID)
                FOR UPDATE OF a
                """)
            guard let row = rows.first else { return .questionNotFound }
            guard try row.decode("submitted_at", as: Date?.self) != nil else { return .notSubmitted }
            guard try row.decode("kind", as: String.self) == QuestionKind.essay.rawValue else { return .notAnEssay }
            let maxPoints: Int = try row.decode("points")
            guard points <= Double(maxPoints) else { return .tooManyPoints(max: maxPoints) }
            let version: Int = try row.decode("question_id")
            let generalFeedback: String? = try row.decode("general_feedback")
            let feedback = [comment, generalFeedback].compactMap { $0 }.joined(separator: "\n\n")
            try await transaction.execute(
                """
                UPDATE attempt_results SET points = \(points)::numeric, correct = \(points == Double(maxPoints)), pending = false,
                    comment = \(comment), feedback = nullif(\(feedback), ''), graded_by = \(facultyID), graded_at = \(now)
                WHERE attempt_id = \(attemptID) AND question_id = \(version)
                """)
            let updated = try await transaction.query(
                """
                UPDATE attempts a SET
                    score = (SELECT coalesce(sum(r.points), 0) FROM attempt_results r WHERE r.attempt_id = a.id),
                    needs_grading = EXISTS (SELECT 1 FROM attempt_results r WHERE r.attempt_id = a.id AND r.pending)
                WHERE a.id = \(attemptID)
                RETURNING a.score::float8 AS score, a.max_score::float8 AS max_score, a.needs_grading
                """
            ).single()
            return .graded(
                EssayGradeResponse(
                    attemptId: attemptID, score: try updated.decode("score"), maxScore: try updated.decode("max_score"),
                    needsGrading: try updated.decode("needs_grading")))
        }
    }
}

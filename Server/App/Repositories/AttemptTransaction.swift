import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// The statements the attempt operations share, on one transaction.
///
/// Locks are taken in one order everywhere (the course, then the exam or the enrollment,
/// then the attempt), so these transactions never deadlock with each other or with a course
/// being deleted.
struct AttemptTransaction {
    let transaction: Transaction

    var questions: QuestionRepository { QuestionRepository(transaction: transaction) }

    /// Locks the attempt's course (shared) and then the attempt itself, and reads it; nil when
    /// it is not the student's or (with `requireEnrollment`) the student has left the course.
    func lock(attemptID: Int, studentID: Int, requireEnrollment: Bool = true) async throws -> AttemptState? {
        let course = try await transaction.query(
            """
            SELECT c.id FROM courses c JOIN exams e ON e.course_id = c.id JOIN attempts a ON a.exam_id = e.id
            WHERE a.id = \(attemptID) AND a.student_id = \(studentID)
            FOR SHARE OF c
            """)
        guard !course.isEmpty else { return nil }
        _ = try await transaction.query("SELECT id FROM attempts WHERE id = \(attemptID) FOR UPDATE")
        guard let state = try await state(attemptID: attemptID, studentID: studentID) else { return nil }
        if requireEnrollment {
            let enrolled = try await transaction.query(
                "SELECT 1 AS enrolled FROM enrollments WHERE course_id = \(state.courseID) AND user_id = \(studentID)")
            guard !enrolled.isEmpty else { return nil }
        }
        return state
    }

    func state(attemptID: Int, studentID: Int) async throws -> AttemptState? {
        let rows = try await transaction.query(
            """
            SELECT a.id, a.exam_id, e.course_id, a.number, a.started_at, a.deadline, e.closed_at, a.submitted_at,
                   e.title, e.instructions
            FROM attempts a JOIN exams e ON e.id = a.exam_id
            WHERE a.id = \(attemptID) AND a.student_id = \(studentID)
            """)
        guard let row = rows.first else { return nil }
        return AttemptState(
            id: try row.decode("id"), examID: try row.decode("exam_id"), courseID: try row.decode("course_id"),
            number: try row.decode("number"), startedAt: try row.decode("started_at"), deadline: try row.decode("deadline"),
            examClosedAt: try row.decode("closed_at"), submittedAt: try row.decode("submitted_at"), title: try row.decode("title"),
            instructions: try row.decode("instructions"))
    }

    /// Saves answers (replacing earlier ones of the same questions; an empty answer clears one).
    /// Answers that do not fit `questions` are `InvalidInput`.
    func store(_ answers: [AnswerInput], state: AttemptState, questions: [StoredQuestion], now: Date) async throws {
        let valid = try AnswerValidation.validate(answers, questions: questions)
        let given = valid.filter { !$0.isEmpty }
        let cleared = valid.filter(\.isEmpty).map(\.questionId)
        if !given.isEmpty {
            let responses = try given.map { try JSONColumn.encode($0) }
            try await transaction.execute(
                """
                INSERT INTO answers (attempt_id, question_id, response, saved_at)
                SELECT \(state.id), given.question_id, given.response::jsonb, \(now)
                FROM unnest(\(PostgresArray(given.map(\.questionId))), \(PostgresArray(responses))) AS given(question_id, response)
                ON CONFLICT (attempt_id, question_id) DO UPDATE SET response = excluded.response, saved_at = excluded.saved_at
                """)
        }
        if !cleared.isEmpty {
            try await transaction.execute(
                "DELETE FROM answers WHERE attempt_id = \(state.id) AND question_id = ANY(\(PostgresArray(cleared)))")
        }
    }

    func answers(attemptID: Int) async throws -> [AnswerInput] {
        let rows = try await transaction.query(
            """
            SELECT an.response::text AS response FROM answers an JOIN questions q ON q.id = an.question_id
            WHERE an.attempt_id = \(attemptID) ORDER BY q.position
            """)
        return try rows.map { try JSONColumn.decode(AnswerInput.self, from: try $0.decode("response")) }
    }

    /// Grades the attempt with its saved answers and records the result, unless it was graded
    /// already (then nil): the UPDATE only takes an attempt that is still open.
    func grade(_ state: AttemptState, questions: [StoredQuestion], now: Date) async throws -> AttemptResult? {
        let graded = Grader.grade(questions, answers: try await answers(attemptID: state.id))
        let submittedAt = state.submissionTime(at: now)
        let updated = try await transaction.query(
            """
            UPDATE attempts SET submitted_at = \(submittedAt), score = \(graded.score), max_score = \(graded.maxScore)
            WHERE id = \(state.id) AND submitted_at IS NULL
            RETURNING id
            """)
        guard !updated.isEmpty else { return nil }
        let right = graded.results.filter(\.correct).map(\.questionId)
        try await transaction.execute(
            """
            INSERT INTO attempt_results (attempt_id, question_id, correct, points)
            SELECT \(state.id), r.question_id, r.question_id = ANY(\(PostgresArray(right))), r.points
            FROM unnest(\(PostgresArray(graded.results.map(\.questionId))), \(PostgresArray(graded.results.map(\.points))))
                 AS r(question_id, points)
            """)
        return AttemptResult(
            attemptId: state.id, score: graded.score, maxScore: graded.maxScore, submittedAt: submittedAt, results: graded.results)
    }

    func result(attemptID: Int) async throws -> AttemptResult? {
        let attempt = try await transaction.query(
            "SELECT submitted_at, score, max_score FROM attempts WHERE id = \(attemptID) AND submitted_at IS NOT NULL")
        guard let row = attempt.first else { return nil }
        let results = try await transaction.query(
            """
            SELECT r.question_id, r.correct, r.points FROM attempt_results r JOIN questions q ON q.id = r.question_id
            WHERE r.attempt_id = \(attemptID) ORDER BY q.position
            """)
        return AttemptResult(
            attemptId: attemptID, score: try row.decode("score"), maxScore: try row.decode("max_score"),
            submittedAt: try row.decode("submitted_at"),
            results: try results.map {
                QuestionResult(questionId: try $0.decode("question_id"), correct: try $0.decode("correct"), points: try $0.decode("points"))
            })
    }

    /// The attempt as its student sees it: no right answers, its saved answers, its result.
    func view(_ state: AttemptState, questions: [StoredQuestion]) async throws -> StudentAttempt {
        StudentAttempt(
            attemptId: state.id, examId: state.examID, title: state.title, instructions: state.instructions, number: state.number,
            startedAt: state.startedAt, deadline: state.effectiveDeadline, submittedAt: state.submittedAt,
            questions: questions.map(\.studentView), answers: try await answers(attemptID: state.id),
            result: try await result(attemptID: state.id))
    }
}

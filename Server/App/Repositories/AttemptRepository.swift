import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// Students' attempts: starting, saving answers, submitting, reading, and grading those
/// whose deadline passed. Every method takes `now` from the server's clock.
///
/// Locks are taken in one order everywhere (the course, then the exam or the enrollment,
/// then the attempt), so these transactions never deadlock with each other or with a
/// course being deleted. Only enrolled students reach an attempt; everyone else gets
/// `.notFound`.
struct AttemptRepository: Sendable {
    let pool: PostgresPool

    enum Starting: Sendable {
        case started(StudentAttempt)
        /// The student already had this attempt open.
        case resumed(StudentAttempt)
        /// No such exam, a draft, or not enrolled in its course.
        case notFound
        case noAttemptsLeft(maxAttempts: Int)
        case notOpenYet(opensAt: Date)
        case closed
    }

    enum Saving: Sendable {
        case saved(count: Int)
        case notFound
        case submitted
        case pastDeadline
    }

    enum Submitting: Sendable {
        case graded(AttemptResult)
        case alreadySubmitted
        case notFound
    }

    func start(examID: Int, studentID: Int, now: Date, logger: Logger) async throws -> Starting {
        do {
            return try await tryStart(examID: examID, studentID: studentID, now: now, logger: logger)
        } catch let error as PostgresError where error.isUniqueViolation {
            // A backstop only: the enrollment's row lock already puts starts in line.
            return try await tryStart(examID: examID, studentID: studentID, now: now, logger: logger)
        }
    }

    private func tryStart(examID: Int, studentID: Int, now: Date, logger: Logger) async throws -> Starting {
        try await pool.withTransaction(logger: logger) { connection in
            // The enrollment's row lock puts one student's concurrent starts at one exam in line.
            let rows = try await connection.query(
                """
                SELECT e.id, e.course_id, e.status, e.opens_at, e.closes_at, e.time_limit_minutes, e.max_attempts
                FROM exams e
                JOIN courses c ON c.id = e.course_id
                JOIN enrollments en ON en.course_id = e.course_id AND en.user_id = \(studentID)
                WHERE e.id = \(examID)
                FOR SHARE OF c, e FOR UPDATE OF en
                """, logger: logger)
            guard let exam = rows.first else { return .notFound }
            let status = try ExamRepository.status(exam)
            guard status != .draft else { return .notFound }

            let open = try await connection.query(
                "SELECT id FROM attempts WHERE exam_id = \(examID) AND student_id = \(studentID) AND submitted_at IS NULL",
                logger: logger)
            if let openID = try open.first?.decode("id", as: Int.self),
                let state = try await Self.state(attemptID: openID, studentID: studentID, connection: connection, logger: logger)
            {
                if !state.hasExpired(at: now) {
                    return .resumed(try await Self.view(state, connection: connection, logger: logger))
                }
                _ = try await Self.grade(state, now: now, connection: connection, logger: logger)
            }

            guard status == .published else { return .closed }
            let opensAt: Date? = try exam.decode("opens_at")
            let closesAt: Date? = try exam.decode("closes_at")
            if let opensAt, now < opensAt { return .notOpenYet(opensAt: opensAt) }
            if let closesAt, now >= closesAt { return .closed }
            let maxAttempts: Int = try exam.decode("max_attempts")
            // Counted by the address's key: attempts of a deleted account of the same address count too.
            let used = try await connection.query(
                "SELECT count(*) AS used FROM attempts WHERE exam_id = \(examID) AND student_key = student_key(\(studentID))",
                logger: logger
            ).single().decode("used", as: Int.self)
            guard used < maxAttempts else { return .noAttemptsLeft(maxAttempts: maxAttempts) }

            let minutes: Int? = try exam.decode("time_limit_minutes")
            let limitEnd = minutes.map { now.addingTimeInterval(TimeInterval($0 * 60)) }
            let deadline = [limitEnd, closesAt].compactMap { $0 }.min()
            let inserted = try await connection.query(
                """
                INSERT INTO attempts (exam_id, student_id, student_key, number, started_at, deadline)
                VALUES (\(examID), \(studentID), student_key(\(studentID)), \(used + 1), \(now), \(deadline))
                RETURNING id
                """, logger: logger)
            let attemptID: Int = try inserted.single().decode("id")
            guard let state = try await Self.state(attemptID: attemptID, studentID: studentID, connection: connection, logger: logger)
            else { return .notFound }
            return .started(try await Self.view(state, connection: connection, logger: logger))
        }
    }

    /// The attempt as its student sees it; one past its deadline is graded first.
    func attempt(id attemptID: Int, studentID: Int, now: Date, logger: Logger) async throws -> StudentAttempt? {
        try await pool.withTransaction(logger: logger) { connection in
            guard var state = try await Self.lock(attemptID: attemptID, studentID: studentID, connection: connection, logger: logger)
            else { return nil }
            if state.hasExpired(at: now), let result = try await Self.grade(state, now: now, connection: connection, logger: logger) {
                state.submittedAt = result.submittedAt
            }
            return try await Self.view(state, connection: connection, logger: logger)
        }
    }

    /// Saves answers (replacing earlier ones of the same questions; an empty answer clears
    /// one). Answers that do not fit the exam are `InvalidInput`.
    func save(attemptID: Int, studentID: Int, answers: [AnswerInput], now: Date, logger: Logger) async throws -> Saving {
        try await pool.withTransaction(logger: logger) { connection in
            guard let state = try await Self.lock(attemptID: attemptID, studentID: studentID, connection: connection, logger: logger)
            else { return .notFound }
            guard !state.isSubmitted else { return .submitted }
            guard !state.hasExpired(at: now) else { return .pastDeadline }
            try await Self.store(answers, state: state, now: now, connection: connection, logger: logger)
            let count = try await connection.query(
                "SELECT count(*) AS saved FROM answers WHERE attempt_id = \(attemptID)", logger: logger
            ).single()
                .decode("saved", as: Int.self)
            return .saved(count: count)
        }
    }

    /// Submits and grades the attempt, after saving `finalAnswers` if its deadline has not
    /// passed (past it, the attempt is graded with what was saved before). The attempt's row
    /// lock and the conditional UPDATE in `grade` make two concurrent submits grade once.
    func submit(attemptID: Int, studentID: Int, finalAnswers: [AnswerInput], now: Date, logger: Logger) async throws -> Submitting {
        try await pool.withTransaction(logger: logger) { connection in
            guard let state = try await Self.lock(attemptID: attemptID, studentID: studentID, connection: connection, logger: logger)
            else { return .notFound }
            guard !state.isSubmitted else { return .alreadySubmitted }
            if !state.hasExpired(at: now), !finalAnswers.isEmpty {
                try await Self.store(finalAnswers, state: state, now: now, connection: connection, logger: logger)
            }
            guard let result = try await Self.grade(state, now: now, connection: connection, logger: logger) else {
                return .alreadySubmitted
            }
            return .graded(result)
        }
    }

    /// Grades every open attempt whose deadline has passed, of one student or of one
    /// course's exams, so that lists and grade books show them.
    func gradeExpired(studentID: Int? = nil, courseID: Int? = nil, now: Date, logger: Logger) async throws {
        let rows = try await pool.query(
            """
            SELECT a.id, a.student_id FROM attempts a JOIN exams e ON e.id = a.exam_id
            WHERE a.submitted_at IS NULL AND least(a.deadline, e.closed_at) <= \(now)
              AND (\(studentID)::bigint IS NULL OR a.student_id = \(studentID))
              AND (\(courseID)::bigint IS NULL OR e.course_id = \(courseID))
            ORDER BY a.id
            """, logger: logger)
        for row in rows {
            let attemptID: Int = try row.decode("id")
            // An attempt whose account is gone was submitted when the account was deleted.
            let owner: Int? = try row.decode("student_id")
            guard let owner else { continue }
            try await pool.withTransaction(logger: logger) { connection in
                guard
                    let state = try await Self.lock(
                        attemptID: attemptID, studentID: owner, requireEnrollment: false, connection: connection, logger: logger),
                    state.hasExpired(at: now)
                else { return }
                _ = try await Self.grade(state, now: now, connection: connection, logger: logger)
            }
        }
    }

    /// Submits every open attempt of the student with what was saved, inside the caller's
    /// transaction: an account being deleted leaves no attempt open.
    static func submitOpenAttempts(ofStudent studentID: Int, now: Date, connection: PostgresConnection, logger: Logger)
        async throws
    {
        let open = try await connection.query(
            "SELECT id FROM attempts WHERE student_id = \(studentID) AND submitted_at IS NULL ORDER BY id FOR UPDATE", logger: logger)
        for row in open {
            guard
                let state = try await state(attemptID: try row.decode("id"), studentID: studentID, connection: connection, logger: logger)
            else { continue }
            _ = try await grade(state, now: now, connection: connection, logger: logger)
        }
    }

    // MARK: - Steps

    /// Locks the attempt's course (shared) and then the attempt itself, and reads it; nil
    /// when it is not the student's or (with `requireEnrollment`) the student has left the
    /// course.
    private static func lock(
        attemptID: Int, studentID: Int, requireEnrollment: Bool = true, connection: PostgresConnection, logger: Logger
    ) async throws -> AttemptState? {
        let course = try await connection.query(
            """
            SELECT c.id FROM courses c JOIN exams e ON e.course_id = c.id JOIN attempts a ON a.exam_id = e.id
            WHERE a.id = \(attemptID) AND a.student_id = \(studentID)
            FOR SHARE OF c
            """, logger: logger)
        guard !course.isEmpty else { return nil }
        _ = try await connection.query("SELECT id FROM attempts WHERE id = \(attemptID) FOR UPDATE", logger: logger)
        guard let state = try await state(attemptID: attemptID, studentID: studentID, connection: connection, logger: logger) else {
            return nil
        }
        if requireEnrollment {
            let enrolled = try await connection.query(
                "SELECT 1 AS enrolled FROM enrollments WHERE course_id = \(state.courseID) AND user_id = \(studentID)", logger: logger)
            guard !enrolled.isEmpty else { return nil }
        }
        return state
    }

    private static func state(attemptID: Int, studentID: Int, connection: PostgresConnection, logger: Logger) async throws
        -> AttemptState?
    {
        let rows = try await connection.query(
            """
            SELECT a.id, a.exam_id, e.course_id, a.number, a.started_at, a.deadline, e.closed_at, a.submitted_at,
                   e.title, e.instructions
            FROM attempts a JOIN exams e ON e.id = a.exam_id
            WHERE a.id = \(attemptID) AND a.student_id = \(studentID)
            """, logger: logger)
        guard let row = rows.first else { return nil }
        return AttemptState(
            id: try row.decode("id"), examID: try row.decode("exam_id"), courseID: try row.decode("course_id"),
            number: try row.decode("number"), startedAt: try row.decode("started_at"), deadline: try row.decode("deadline"),
            examClosedAt: try row.decode("closed_at"), submittedAt: try row.decode("submitted_at"), title: try row.decode("title"),
            instructions: try row.decode("instructions"))
    }

    private static func store(
        _ answers: [AnswerInput], state: AttemptState, now: Date, connection: PostgresConnection, logger: Logger
    ) async throws {
        let questions = try await ExamRepository.questions(examID: state.examID, connection: connection, logger: logger)
        let valid = try AnswerValidation.validate(answers, questions: questions)
        let given = valid.filter { !$0.isEmpty }
        let cleared = valid.filter(\.isEmpty).map(\.questionId)
        if !given.isEmpty {
            let responses = try given.map { try JSONColumn.encode($0) }
            try await connection.execute(
                """
                INSERT INTO answers (attempt_id, question_id, response, saved_at)
                SELECT \(state.id), given.question_id, given.response::jsonb, \(now)
                FROM unnest(\(PostgresArray(given.map(\.questionId))), \(PostgresArray(responses))) AS given(question_id, response)
                ON CONFLICT (attempt_id, question_id) DO UPDATE SET response = excluded.response, saved_at = excluded.saved_at
                """, logger: logger)
        }
        if !cleared.isEmpty {
            try await connection.execute(
                "DELETE FROM answers WHERE attempt_id = \(state.id) AND question_id = ANY(\(PostgresArray(cleared)))", logger: logger)
        }
    }

    private static func answers(attemptID: Int, connection: PostgresConnection, logger: Logger) async throws -> [AnswerInput] {
        let rows = try await connection.query(
            """
            SELECT an.response::text AS response FROM answers an JOIN questions q ON q.id = an.question_id
            WHERE an.attempt_id = \(attemptID) ORDER BY q.position
            """, logger: logger)
        return try rows.map { try JSONColumn.decode(AnswerInput.self, from: try $0.decode("response")) }
    }

    /// Grades the attempt with its saved answers and records the result, unless it was
    /// graded already (then nil): the UPDATE only takes an attempt that is still open.
    private static func grade(_ state: AttemptState, now: Date, connection: PostgresConnection, logger: Logger) async throws
        -> AttemptResult?
    {
        let questions = try await ExamRepository.questions(examID: state.examID, connection: connection, logger: logger)
        let saved = try await answers(attemptID: state.id, connection: connection, logger: logger)
        let graded = Grader.grade(questions, answers: saved)
        let submittedAt = state.submissionTime(at: now)
        let updated = try await connection.query(
            """
            UPDATE attempts SET submitted_at = \(submittedAt), score = \(graded.score), max_score = \(graded.maxScore)
            WHERE id = \(state.id) AND submitted_at IS NULL
            RETURNING id
            """, logger: logger)
        guard !updated.isEmpty else { return nil }
        let right = graded.results.filter(\.correct).map(\.questionId)
        try await connection.execute(
            """
            INSERT INTO attempt_results (attempt_id, question_id, correct, points)
            SELECT \(state.id), r.question_id, r.question_id = ANY(\(PostgresArray(right))), r.points
            FROM unnest(\(PostgresArray(graded.results.map(\.questionId))), \(PostgresArray(graded.results.map(\.points))))
                 AS r(question_id, points)
            """, logger: logger)
        return AttemptResult(
            attemptId: state.id, score: graded.score, maxScore: graded.maxScore, submittedAt: submittedAt, results: graded.results)
    }

    private static func result(attemptID: Int, connection: PostgresConnection, logger: Logger) async throws -> AttemptResult? {
        let attempt = try await connection.query(
            "SELECT submitted_at, score, max_score FROM attempts WHERE id = \(attemptID) AND submitted_at IS NOT NULL",
            logger: logger)
        guard let row = attempt.first else { return nil }
        let results = try await connection.query(
            """
            SELECT r.question_id, r.correct, r.points FROM attempt_results r JOIN questions q ON q.id = r.question_id
            WHERE r.attempt_id = \(attemptID) ORDER BY q.position
            """, logger: logger)
        return AttemptResult(
            attemptId: attemptID, score: try row.decode("score"), maxScore: try row.decode("max_score"),
            submittedAt: try row.decode("submitted_at"),
            results: try results.map {
                QuestionResult(questionId: try $0.decode("question_id"), correct: try $0.decode("correct"), points: try $0.decode("points"))
            })
    }

    private static func view(_ state: AttemptState, connection: PostgresConnection, logger: Logger) async throws -> StudentAttempt {
        let questions = try await ExamRepository.questions(examID: state.examID, connection: connection, logger: logger)
        return StudentAttempt(
            attemptId: state.id, examId: state.examID, title: state.title, instructions: state.instructions, number: state.number,
            startedAt: state.startedAt, deadline: state.effectiveDeadline, submittedAt: state.submittedAt,
            questions: questions.map(\.studentView),
            answers: try await answers(attemptID: state.id, connection: connection, logger: logger),
            result: try await result(attemptID: state.id, connection: connection, logger: logger))
    }
}

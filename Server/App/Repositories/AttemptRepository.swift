import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// Students' attempts: starting, saving answers, submitting, reading, and submitting those
/// whose deadline passed. Every operation is one transaction (`AttemptTransaction` holds
/// their shared statements) and takes `now` from the server's clock. Only enrolled students
/// reach an attempt; everyone else gets `.notFound`.
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
        try await pool.transaction(logger: logger) { transaction in
            let attempts = AttemptTransaction(transaction: transaction)
            // The enrollment's row lock puts one student's concurrent starts at one exam in line.
            let rows = try await transaction.query(
                """
                SELECT e.id, e.course_id, e.status, e.opens_at, e.closes_at, e.time_limit_minutes, e.max_attempts
                FROM exams e
                JOIN courses c ON c.id = e.course_id
                JOIN enrollments en ON en.course_id = e.course_id AND en.user_id = \(studentID)
                WHERE e.id = \(examID)
                FOR SHARE OF c, e FOR UPDATE OF en
                """)
            guard let exam = rows.first else { return .notFound }
            let status = try ExamRepository.status(exam)
            guard status != .draft else { return .notFound }
            let questions = try await attempts.questions.questions(ofExam: examID)

            let open = try await transaction.query(
                "SELECT id FROM attempts WHERE exam_id = \(examID) AND student_id = \(studentID) AND submitted_at IS NULL")
            if let openID = try open.first?.decode("id", as: Int.self),
                let state = try await attempts.state(attemptID: openID, studentID: studentID)
            {
                if !state.hasExpired(at: now) { return .resumed(try await attempts.view(state, questions: questions)) }
                _ = try await attempts.grade(state, questions: questions, now: now)
            }

            guard status == .published else { return .closed }
            let opensAt: Date? = try exam.decode("opens_at")
            let closesAt: Date? = try exam.decode("closes_at")
            if let opensAt, now < opensAt { return .notOpenYet(opensAt: opensAt) }
            if let closesAt, now >= closesAt { return .closed }
            let maxAttempts: Int = try exam.decode("max_attempts")
            // Counted by the address's key: attempts of a deleted account of the same address count too.
            let used: Int = try await transaction.query(
                "SELECT count(*) AS used FROM attempts WHERE exam_id = \(examID) AND student_key = student_key(\(studentID))"
            ).single().decode("used")
            guard used < maxAttempts else { return .noAttemptsLeft(maxAttempts: maxAttempts) }

            let minutes: Int? = try exam.decode("time_limit_minutes")
            let limitEnd = minutes.map { now.addingTimeInterval(TimeInterval($0 * 60)) }
            let deadline = [limitEnd, closesAt].compactMap { $0 }.min()
            let attemptID: Int = try await transaction.query(
                """
                INSERT INTO attempts (exam_id, student_id, student_key, number, started_at, deadline)
                VALUES (\(examID), \(studentID), student_key(\(studentID)), \(used + 1), \(now), \(deadline))
                RETURNING id
                """
            ).single().decode("id")
            guard let state = try await attempts.state(attemptID: attemptID, studentID: studentID) else { return .notFound }
            return .started(try await attempts.view(state, questions: questions))
        }
    }

    /// The attempt as its student sees it. Reads only: an attempt past its deadline is
    /// submitted first by `submitExpired(attemptID:…)`, which its route calls before this.
    func attempt(id attemptID: Int, studentID: Int, logger: Logger) async throws -> StudentAttempt? {
        try await pool.transaction(logger: logger) { transaction in
            let attempts = AttemptTransaction(transaction: transaction)
            guard let state = try await attempts.lock(attemptID: attemptID, studentID: studentID) else { return nil }
            return try await attempts.view(state, questions: try await attempts.questions.questions(ofExam: state.examID))
        }
    }

    /// Saves answers (replacing earlier ones of the same questions; an empty answer clears
    /// one). Answers that do not fit the exam are `InvalidInput`.
    func save(attemptID: Int, studentID: Int, answers: [AnswerInput], now: Date, logger: Logger) async throws -> Saving {
        try await pool.transaction(logger: logger) { transaction in
            let attempts = AttemptTransaction(transaction: transaction)
            guard let state = try await attempts.lock(attemptID: attemptID, studentID: studentID) else { return .notFound }
            guard !state.isSubmitted else { return .submitted }
            guard !state.hasExpired(at: now) else { return .pastDeadline }
            let questions = try await attempts.questions.questions(ofExam: state.examID)
            try await attempts.store(answers, state: state, questions: questions, now: now)
            let count: Int = try await transaction.query("SELECT count(*) AS saved FROM answers WHERE attempt_id = \(attemptID)")
                .single().decode("saved")
            return .saved(count: count)
        }
    }

    /// Submits and grades the attempt, after saving `finalAnswers` if its deadline has not
    /// passed (past it, the attempt is graded with what was saved before). The attempt's row
    /// lock and the conditional UPDATE in `grade` make two concurrent submits grade once. The
    /// exam's questions are read once, for the final answers and the grading alike.
    func submit(attemptID: Int, studentID: Int, finalAnswers: [AnswerInput], now: Date, logger: Logger) async throws -> Submitting {
        try await pool.transaction(logger: logger) { transaction in
            let attempts = AttemptTransaction(transaction: transaction)
            guard let state = try await attempts.lock(attemptID: attemptID, studentID: studentID) else { return .notFound }
            guard !state.isSubmitted else { return .alreadySubmitted }
            let questions = try await attempts.questions.questions(ofExam: state.examID)
            if !state.hasExpired(at: now), !finalAnswers.isEmpty {
                try await attempts.store(finalAnswers, state: state, questions: questions, now: now)
            }
            guard let result = try await attempts.grade(state, questions: questions, now: now) else { return .alreadySubmitted }
            return .graded(result)
        }
    }

    // MARK: - Submitting what has expired

    /// Submits, with what was saved, the student's attempt `attemptID` if its deadline has
    /// passed (the rule of docs/API.md: an attempt past its deadline is submitted on the next
    /// read). Writes only when there is something to submit.
    func submitExpired(attemptID: Int, studentID: Int, now: Date, logger: Logger) async throws {
        try await pool.transaction(logger: logger) { transaction in
            let attempts = AttemptTransaction(transaction: transaction)
            guard let state = try await attempts.state(attemptID: attemptID, studentID: studentID), state.hasExpired(at: now),
                let locked = try await attempts.lock(attemptID: attemptID, studentID: studentID), locked.hasExpired(at: now)
            else { return }
            _ = try await attempts.grade(locked, questions: try await attempts.questions.questions(ofExam: locked.examID), now: now)
        }
    }

    /// Submits, with what was saved, every open attempt whose deadline has passed, of one
    /// student or of one course's exams, so that lists and grade books show them.
    func submitExpired(studentID: Int? = nil, courseID: Int? = nil, now: Date, logger: Logger) async throws {
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
            try await pool.transaction(logger: logger) { transaction in
                let attempts = AttemptTransaction(transaction: transaction)
                guard let state = try await attempts.lock(attemptID: attemptID, studentID: owner, requireEnrollment: false),
                    state.hasExpired(at: now)
                else { return }
                _ = try await attempts.grade(state, questions: try await attempts.questions.questions(ofExam: state.examID), now: now)
            }
        }
    }

    /// Submits every open attempt of the student with what was saved, inside the caller's
    /// transaction: an account being deleted leaves no attempt open.
    static func submitOpenAttempts(ofStudent studentID: Int, now: Date, in transaction: Transaction) async throws {
        let attempts = AttemptTransaction(transaction: transaction)
        let open = try await transaction.query(
            "SELECT id FROM attempts WHERE student_id = \(studentID) AND submitted_at IS NULL ORDER BY id FOR UPDATE")
        for row in open {
            guard let state = try await attempts.state(attemptID: try row.decode("id"), studentID: studentID) else { continue }
            _ = try await attempts.grade(state, questions: try await attempts.questions.questions(ofExam: state.examID), now: now)
        }
    }
}

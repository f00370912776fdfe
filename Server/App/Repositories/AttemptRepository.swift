import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// Students' attempts: starting, saving answers, submitting, reading. Every operation is one
/// transaction (`AttemptTransaction` holds their shared statements) and takes `now` from the
/// server's clock. Only enrolled students reach an attempt; everyone else gets `.notFound`.
/// Attempts past their end are submitted by `ExpiredAttempts`.
struct AttemptRepository: Sendable {
    let pool: PostgresPool
    /// The questions of running attempts, kept between their saves.
    var questionCache = AttemptQuestionCache()

    enum Starting: Sendable {
        case started(StudentAttempt)
        /// The student already had this attempt open.
        case resumed(StudentAttempt)
        /// No such exam, a draft, or not enrolled in its course.
        case notFound
        case noAttemptsLeft(maxAttempts: Int)
        case notOpenYet(opensAt: Date)
        case closed
        /// The exam asks for a pause between attempts.
        case tooSoon(nextAt: Date, pauseMinutes: Int)
        /// Its draws found no questions in the bank, and it has none of its own.
        case noQuestions
    }

    enum Saving: Sendable {
        case saved(SaveAnswersResponse)
        case notFound
        case submitted
        case pastDeadline
        /// The idempotency key came with other answers before: nothing was saved.
        case keyReused
    }

    enum Submitting: Sendable {
        case submitted(AttemptResult)
        case alreadySubmitted
        case notFound
    }

    func start(examID: Int, studentID: Int, now: Date, logger: Logger) async throws -> Starting {
        var raced = 0
        while true {
            do {
                return try await tryStart(examID: examID, studentID: studentID, now: now, logger: logger)
            } catch is BankDrawer.Raced where raced < QuestionRepository.editRetries {
                // An edit replaced a drawn question before the draw locked it: draw again.
                raced += 1
            } catch let error as PostgresError where error.isUniqueViolation {
                // A backstop only: the enrollment's row lock already puts starts in line.
                return try await tryStart(examID: examID, studentID: studentID, now: now, logger: logger)
            }
        }
    }

    private func tryStart(examID: Int, studentID: Int, now: Date, logger: Logger) async throws -> Starting {
        try await pool.transaction(logger: logger) { transaction in
            let attempts = AttemptTransaction(transaction: transaction, questionCache: questionCache)
            // The enrollment's row lock puts one student's concurrent starts at one exam in line.
            let rows = try await transaction.query(
                """
                SELECT e.id, e.course_id, e.status, coalesce(o.opens_at, e.opens_at) AS opens_at,
                       coalesce(o.closes_at, e.closes_at) AS closes_at,
                       e.max_attempts + coalesce(o.extra_attempts, 0) AS max_attempts, e.minutes_between_attempts,
                       e.shuffle_questions, e.shuffle_choices
                FROM exams e
                JOIN courses c ON c.id = e.course_id
                JOIN enrollments en ON en.course_id = e.course_id AND en.user_id = \(studentID)
                LEFT JOIN exam_overrides o ON o.exam_id = e.id AND o.student_id = \(studentID)
                WHERE e.id = \(examID)
                FOR SHARE OF c, e FOR UPDATE OF en
                """)
            guard let exam = rows.first else { return .notFound }
            let status = try ExamRepository.status(exam)
            guard status != .draft else { return .notFound }

            let open = try await transaction.query(
                "SELECT id FROM attempts WHERE exam_id = \(examID) AND student_id = \(studentID) AND submitted_at IS NULL")
            if let openID = try open.first?.decode("id", as: Int.self),
                let state = try await attempts.state(attemptID: openID, studentID: studentID)
            {
                let questions = try await attempts.questions(of: state)
                if !state.hasExpired(at: now) { return .resumed(try await attempts.view(state, questions: questions, now: now)) }
                _ = try await attempts.grade(state, questions: questions, now: now, auto: true)
            }

            guard status == .published else { return .closed }
            let opensAt: Date? = try exam.decode("opens_at")
            let closesAt: Date? = try exam.decode("closes_at")
            if let opensAt, now < opensAt { return .notOpenYet(opensAt: opensAt) }
            if let closesAt, now >= closesAt { return .closed }
            // Counted by the address's key: attempts of a deleted account of the same address count too.
            let previous = try await transaction.query(
                """
                SELECT count(*) AS used, max(submitted_at) AS last_submitted FROM attempts
                WHERE exam_id = \(examID) AND student_key = student_key(\(studentID))
                """
            ).single()
            let used: Int = try previous.decode("used")
            let maxAttempts: Int = try exam.decode("max_attempts")
            guard used < maxAttempts else { return .noAttemptsLeft(maxAttempts: maxAttempts) }
            let pause: Int? = try exam.decode("minutes_between_attempts")
            if let pause, let last: Date = try previous.decode("last_submitted") {
                let nextAt = last.addingTimeInterval(TimeInterval(pause * 60))
                if now < nextAt { return .tooSoon(nextAt: nextAt, pauseMinutes: pause) }
            }

            let drawn = try await BankDrawer(transaction: transaction).questions(
                forExam: examID, courseID: try exam.decode("course_id"), studentID: studentID,
                own: try await attempts.questions.questions(ofExam: examID))
            guard !drawn.isEmpty else { return .noQuestions }
            let order = try AttemptOrder(
                questions: drawn, shuffleQuestions: exam.decode("shuffle_questions"), shuffleChoices: exam.decode("shuffle_choices"))
            let attemptID: Int = try await transaction.query(
                """
                INSERT INTO attempts (exam_id, student_id, student_key, number, started_at, deadline, choice_order)
                VALUES (\(examID), \(studentID), student_key(\(studentID)), \(used + 1), \(now),
                        attempt_deadline(\(examID), \(studentID), \(now), 0), \(try order.choiceKeysJSON)::jsonb)
                RETURNING id
                """
            ).single().decode("id")
            try await transaction.execute(
                """
                INSERT INTO attempt_questions (attempt_id, position, question_id, points)
                SELECT \(attemptID), shown.position - 1, shown.id, shown.points
                FROM unnest(\(PostgresArray(order.questions.map(\.id))), \(PostgresArray(order.questions.map(\.points))))
                     WITH ORDINALITY AS shown(id, points, position)
                """)
            try await attempts.record(.started, attemptID: attemptID, at: now)
            guard let state = try await attempts.state(attemptID: attemptID, studentID: studentID) else { return .notFound }
            return .started(try await attempts.view(state, questions: try await attempts.questions(of: state), now: now))
        }
    }

    /// The attempt as its student sees it. Reads only: an attempt past its end is submitted
    /// first (`ExpiredAttempts.submit(attemptID:…)`), which its route calls before this.
    func attempt(id attemptID: Int, studentID: Int, now: Date, logger: Logger) async throws -> StudentAttempt? {
        try await pool.transaction(logger: logger) { transaction in
            let attempts = AttemptTransaction(transaction: transaction, questionCache: questionCache)
            guard let state = try await attempts.lock(attemptID: attemptID, studentID: studentID) else { return nil }
            return try await attempts.view(state, questions: try await attempts.questions(of: state), now: now)
        }
    }

    /// Saves answers (see `AttemptTransaction.store`: the newest sequence wins). A save with an
    /// `idempotencyKey` that was seen before with the same answers is answered as it was then,
    /// and changes nothing; with other answers it is `.keyReused`, and changes nothing either.
    func save(attemptID: Int, studentID: Int, answers: [AnswerInput], idempotencyKey: String?, now: Date, logger: Logger)
        async throws -> Saving
    {
        try await pool.transaction(logger: logger) { transaction in
            let attempts = AttemptTransaction(transaction: transaction, questionCache: questionCache)
            guard let state = try await attempts.lock(attemptID: attemptID, studentID: studentID, idempotencyKey: idempotencyKey)
            else { return .notFound }
            let requestHash = try AttemptTransaction.requestHash(answers)
            if let remembered = state.rememberedSave {
                guard state.rememberedRequestHash.map({ $0 == requestHash }) ?? true else { return .keyReused }
                return .saved(remembered)
            }
            guard !state.isSubmitted else { return .submitted }
            guard !state.hasExpired(at: now) else { return .pastDeadline }
            let questions = try await attempts.questions(of: state)
            let sequences = answers.compactMap(\.sequence)
            let stored = try await attempts.store(
                answers, state: state, questions: questions, now: now,
                logging: "\(answers.count) answer\(answers.count == 1 ? "" : "s")" + (sequences.max().map { ", sequence \($0)" } ?? ""))
            let response = SaveAnswersResponse(saved: stored.saved, answers: stored.answers)
            if let idempotencyKey {
                try await attempts.rememberSave(
                    attemptID: attemptID, idempotencyKey: idempotencyKey, requestHash: requestHash, response: response, at: now)
            }
            return .saved(response)
        }
    }

    /// Submits and grades the attempt, after saving `finalAnswers` if it has not ended (past
    /// its end, it is graded with what was saved before). The attempt's row lock and the
    /// conditional UPDATE in `grade` make two concurrent submits grade once. The exam's
    /// questions are read once, for the final answers and the grading alike. The answer shows
    /// what the exam's review options show right after submitting.
    func submit(attemptID: Int, studentID: Int, finalAnswers: [AnswerInput], now: Date, logger: Logger) async throws -> Submitting {
        try await pool.transaction(logger: logger) { transaction in
            let attempts = AttemptTransaction(transaction: transaction, questionCache: questionCache)
            guard let state = try await attempts.lock(attemptID: attemptID, studentID: studentID) else { return .notFound }
            let questions = try await attempts.questions(of: state)
            // The server submitted it at its deadline: the student's submit gets that result
            // (the two met at the deadline; neither is a mistake). A second submit of the
            // student's own is 409.
            if state.isSubmitted {
                guard state.autoSubmitted, let result = try await attempts.view(state, questions: questions, now: now).result else {
                    return .alreadySubmitted
                }
                return .submitted(result)
            }
            let expired = state.hasExpired(at: now)
            if !expired, !finalAnswers.isEmpty {
                _ = try await attempts.store(finalAnswers, state: state, questions: questions, now: now)
            }
            guard let grading = try await attempts.grade(state, questions: questions, now: now, auto: expired) else {
                return .alreadySubmitted
            }
            return .submitted(
                ResultReview.result(
                    attemptID: attemptID, submittedAt: state.submissionTime(at: now), autoSubmitted: expired, grading: grading,
                    questions: questions.map(state.aliases.shown), showing: state.review(at: now)))
        }
    }
}

/// The order an attempt shows its questions and choices (or a matching question's options)
/// in, drawn when it starts.
struct AttemptOrder {
    var questions: [StoredQuestion]
    var choiceKeys: [Int: [String]]?

    init(questions: [StoredQuestion], shuffleQuestions: Bool, shuffleChoices: Bool) {
        self.questions = shuffleQuestions ? questions.shuffled() : questions
        choiceKeys =
            shuffleChoices
            ? Dictionary(
                questions.compactMap { question in
                    if !question.choices.isEmpty { return (question.id, question.choices.map(\.key).shuffled()) }
                    if let options = question.key.options { return (question.id, options.map(\.id).shuffled()) }
                    return nil
                }, uniquingKeysWith: { first, _ in first }) : nil
    }

    /// `{"questionId": ["key", …]}`, or nil.
    var choiceKeysJSON: String? {
        get throws {
            try choiceKeys.map { keys in
                try JSONColumn.encode(Dictionary(keys.map { (String($0.key), $0.value) }, uniquingKeysWith: { first, _ in first }))
            }
        }
    }
}

import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// A student's start of an attempt: the start rules (`ExamPrepExams`), the draw, and the
/// attempt written with its deadline.
extension AttemptRepository {
    enum Starting: Sendable {
        /// A new attempt, and where it belongs (`OneSessionRepository.Claim`).
        case started(StudentAttempt, OneSessionRepository.Claim)
        /// The student already had this attempt open.
        case resumed(StudentAttempt, OneSessionRepository.Claim)
        /// No such exam, a draft, or not enrolled in its course.
        case notFound
        /// A start rule (or an empty draw) said no.
        case refused(StartRefusal)
    }

    /// Where a start comes from: the session that the attempt keeps open past its idle expiry
    /// until the attempt's end (`bind`), and the place (tab or app) that the attempt of an exam
    /// with one place belongs to unless another place has it (`OneSessionRepository`).
    struct Origin: Sendable {
        var sessionID: UUID
        var place: String
    }

    /// Starts (or resumes) the student's attempt from `origin`. A new attempt is written bound
    /// to it, in the start's one transaction (a class starting at once leases a connection
    /// once a student); a resumed one is bound and claimed after.
    func start(examID: Int, studentID: Int, from origin: Origin, now: Date, logger: Logger) async throws -> Starting {
        let starting = try await start(examID: examID, studentID: studentID, origin: origin, now: now, logger: logger)
        guard case .resumed(let attempt, _) = starting else { return starting }
        try await bind(attemptID: attempt.attemptId, to: origin.sessionID, logger: logger)
        let claim = try await OneSessionRepository(pool: pool).claim(
            attemptID: attempt.attemptId, place: origin.place, now: now, logger: logger)
        return .resumed(attempt, claim)
    }

    /// The session that started or last resumed the attempt is the one its running keeps open
    /// (`SessionRepository.web`): no other session of the student's, such as an old cookie on a
    /// shared school computer, comes back to life while they sit the exam elsewhere.
    private func bind(attemptID: Int, to sessionID: UUID, logger: Logger) async throws {
        try await pool.execute(
            """
            UPDATE attempts SET session_id = \(sessionID)
            WHERE id = \(attemptID) AND submitted_at IS NULL AND session_id IS DISTINCT FROM \(sessionID)
            """, logger: logger)
    }

    private func start(examID: Int, studentID: Int, origin: Origin, now: Date, logger: Logger) async throws -> Starting {
        var raced = 0
        while true {
            do {
                return try await tryStart(examID: examID, studentID: studentID, origin: origin, now: now, logger: logger)
            } catch is BankDrawStatements.Raced where raced < drawRetries {
                // An edit replaced a drawn question before the draw locked it: draw again.
                raced += 1
            } catch let error as PostgresError where error.isUniqueViolation {
                // A backstop only: the enrollment's row lock already puts starts in line.
                return try await tryStart(examID: examID, studentID: studentID, origin: origin, now: now, logger: logger)
            }
        }
    }

    /// One transaction, in as few round trips as its statements allow (`pipelinedTransaction`):
    /// BEGIN, the enrollment's lock and the exam's snapshot together; the exam's questions and
    /// draws together (and each draw's bank); the attempt; then its questions, its log and its
    /// state together, with COMMIT: four round trips for an exam without draws, fourteen before.
    private func tryStart(examID: Int, studentID: Int, origin: Origin, now: Date, logger: Logger) async throws -> Starting {
        try await pool.pipelinedTransaction(logger: logger) { transaction in
            let attempts = AttemptStatements(transaction: transaction, questionCache: questionCache)
            let snapshotQuery = StudentExamSnapshots.query(studentID: studentID, .exam(examID))
            // The enrollment's row lock puts one student's concurrent starts at one exam in line.
            let opened = try await transaction.pipeline([
                .begin,
                """
                SELECT e.id FROM exams e JOIN courses c ON c.id = e.course_id
                JOIN enrollments en ON en.course_id = e.course_id AND en.user_id = \(studentID)
                WHERE e.id = \(examID)
                FOR SHARE OF c, e FOR UPDATE OF en
                """,
                snapshotQuery,
            ])
            guard opened.count == 3, !opened[1].isEmpty, var exam = try Self.snapshot(opened[2]) else {
                return .notFound
            }
            // An attempt that ran out unsubmitted is the server's to submit before the rules count it.
            if let ended = exam.attempts.first(where: { $0.ofThisAccount && $0.timing.hasEnded(at: now) }),
                let attempt = try await attempts.state(attemptID: ended.id, studentID: studentID),
                try await attempts.submitIfEnded(attempt, now: now),
                let settled = try Self.snapshot(try await transaction.query(snapshotQuery))
            {
                exam = settled
            }
            switch exam.startDecision(at: now) {
            case .refused(let refusal):
                return refusal.hidesExam ? .notFound : .refused(refusal)
            case .resume(let attemptID):
                guard let attempt = try await attempts.state(attemptID: attemptID, studentID: studentID) else { return .notFound }
                // Its binding and place: `start(examID:studentID:from:now:logger:)`, after this transaction.
                return .resumed(
                    try await attempts.view(attempt, questions: try await attempts.questions(of: attempt), now: now), .anyPlace)
            case .start(let number):
                return try await Self.insert(exam, number: number, studentID: studentID, origin: origin, now: now, attempts: attempts)
            }
        }
    }

    private static func snapshot(_ rows: PostgresRows) throws -> StudentExamSnapshot? {
        try StudentExamSnapshots.decode(rows).first?.snapshot
    }

    /// Draws the attempt's questions and their order, and writes it with its deadline, bound to
    /// `origin`'s session and, with one place per attempt, belonging to its place. A new attempt
    /// has no answers, and shows what was drawn: neither is read back.
    private static func insert(
        _ exam: StudentExamSnapshot, number: Int, studentID: Int, origin: Origin, now: Date, attempts: AttemptStatements
    ) async throws -> Starting {
        let transaction = attempts.transaction
        let drawn = try await BankDrawStatements(transaction: transaction, questionCache: attempts.questionCache).questions(
            forExam: exam.examID, courseID: exam.courseID, studentID: studentID)
        guard !drawn.isEmpty else { return .refused(.noQuestions) }
        let policy = exam.terms.exam.policy
        let place = policy.oneSession ? origin.place : nil
        let order = AttemptOrder(questions: drawn, shuffleQuestions: policy.shuffleQuestions, shuffleChoices: policy.shuffleChoices)
        let attemptID: Int = try await transaction.query(
            """
            INSERT INTO attempts (exam_id, student_id, student_key, number, started_at, deadline, choice_order, session_id, place, place_since)
            VALUES (\(exam.examID), \(studentID), student_key(\(studentID)), \(number), \(now),
                    \(exam.terms.deadline(startedAt: now, extensionMinutes: 0)), \(try order.choiceKeysJSON)::jsonb,
                    \(origin.sessionID), \(place), \(place.map { _ in now }))
            RETURNING id
            """
        ).single().decode("id")
        let written = try await transaction.pipeline([
            """
            INSERT INTO attempt_questions (attempt_id, position, question_id, points)
            SELECT \(attemptID), shown.position - 1, shown.id, shown.points
            FROM unnest(\(PostgresArray(order.questions.map(\.id))), \(PostgresArray(order.questions.map(\.points))))
                 WITH ORDINALITY AS shown(id, points, position)
            """,
            AttemptStatements.record(.started, attemptID: attemptID, at: now),
            AttemptSave.read(attemptID: attemptID, studentID: studentID, idempotencyKey: nil),
            .commit,
        ])
        guard written.count == 4, let attempt = try AttemptStatements.loadedAttempt(written[2]) else { return .notFound }
        // What `attempts.questions(of:)` would read back: the drawn questions, each worth its slot's points.
        attempts.questionCache?.keep(order.questions, attemptID: attemptID)
        return .started(
            AttemptStatements.view(attempt, questions: attempt.ordered(order.questions), saved: [], result: nil),
            place.map(OneSessionRepository.Claim.here) ?? .anyPlace)
    }
}

extension AttemptOrder {
    /// `{"questionId": ["key", …]}`, as `attempts.choice_order` keeps it, or nil.
    var choiceKeysJSON: String? {
        get throws {
            try choiceKeys.map { keys in
                try JSONColumn.encode(Dictionary(keys.map { (String($0.key), $0.value) }, uniquingKeysWith: { first, _ in first }))
            }
        }
    }
}

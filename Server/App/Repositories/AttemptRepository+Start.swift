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

        /// The answer to `refusal`: not found when the rule hides the exam from the student.
        static func refusing(_ refusal: StartRefusal) -> Starting {
            refusal.hidesExam ? .notFound : .refused(refusal)
        }
    }

    /// Where a start comes from: the session that the attempt keeps open past its idle expiry
    /// until the attempt's end (`bind`), and the place (tab or app) that the attempt of an exam
    /// with one place belongs to unless another place has it (`OneSessionRepository`).
    struct Origin: Sendable {
        var sessionID: UUID
        var place: String
    }

    /// Starts (or resumes) the student's attempt from `origin`. A new attempt is written bound
    /// to it, in the start's one transaction: with the starts of other students of the exam
    /// that arrive meanwhile (`StartBatcher`, `startTogether`), or alone. A resumed one is
    /// bound and claimed after.
    func start(examID: Int, studentID: Int, from origin: Origin, now: Date, logger: Logger) async throws -> Starting {
        let together = try await startBatcher?.start(
            examID: examID, StartBatcher.Start(studentID: studentID, origin: origin, now: now), logger: logger
        ) { [self] examID, group, logger in
            try await startTogether(examID: examID, group, logger: logger)
        }
        let starting: Starting
        if let together {
            starting = together
        } else {
            starting = try await start(examID: examID, studentID: studentID, origin: origin, now: now, logger: logger)
        }
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
                return .refusing(refusal)
            case .resume(let attemptID):
                guard let attempt = try await attempts.state(attemptID: attemptID, studentID: studentID) else { return .notFound }
                // Its binding and place: `start(examID:studentID:from:now:logger:)`, after this transaction.
                return .resumed(
                    try await attempts.view(attempt, questions: try await attempts.questions(of: attempt), now: now), .anyPlace)
            case .start(let number):
                let new = NewAttempt(exam: exam, number: number, start: StartBatcher.Start(studentID: studentID, origin: origin, now: now))
                return try await Self.insert([new], attempts: attempts).first ?? .notFound
            }
        }
    }

    private static func snapshot(_ rows: PostgresRows) throws -> StudentExamSnapshot? {
        try StudentExamSnapshots.decode(rows).first?.snapshot
    }

    /// An attempt the start rules allow: its exam as its student sees it, and its number.
    struct NewAttempt {
        var exam: StudentExamSnapshot
        var number: Int
        var start: StartBatcher.Start
    }

    /// Draws each attempt's questions and their order, and writes them with their deadlines,
    /// each bound to its `origin`'s session and, with one place per attempt, belonging to its
    /// place: one statement per table for all of them (the attempts of one exam). A new
    /// attempt has no answers, and shows what was drawn: neither is read back. Each one's
    /// outcome, in their order.
    static func insert(_ new: [NewAttempt], attempts: AttemptStatements) async throws -> [Starting] {
        guard let first = new.first else { return [] }
        let transaction = attempts.transaction
        let drawn = try await BankDrawStatements(transaction: transaction, questionCache: attempts.questionCache).questions(
            forExam: first.exam.examID, courseID: first.exam.courseID, studentIDs: new.map(\.start.studentID))
        var outcomes = [Starting](repeating: .refused(.noQuestions), count: new.count)
        let written = try zip(new, drawn).enumerated().compactMap { index, pair -> Written? in
            let (attempt, questions) = pair
            guard !questions.isEmpty else { return nil }
            let policy = attempt.exam.terms.exam.policy
            let order = AttemptOrder(questions: questions, shuffleQuestions: policy.shuffleQuestions, shuffleChoices: policy.shuffleChoices)
            return Written(
                index: index, new: attempt, order: order, choiceKeys: try order.choiceKeysJSON,
                place: policy.oneSession ? attempt.start.origin.place : nil)
        }
        guard !written.isEmpty else { return outcomes }
        let created = try await transaction.query(
            """
            INSERT INTO attempts (exam_id, student_id, student_key, number, started_at, deadline, choice_order, session_id, place, place_since)
            SELECT \(first.exam.examID), s.student_id, student_key(s.student_id), s.number, s.started_at, s.deadline, s.choice_order::jsonb,
                   s.session_id, s.place, s.place_since
            FROM unnest(\(PostgresArray(written.map(\.new.start.studentID))), \(PostgresArray(written.map(\.new.number))),
                        \(PostgresArray(written.map(\.new.start.now))), \(PostgresArray(written.map(\.deadline))),
                        \(PostgresArray(written.map(\.choiceKeys))), \(PostgresArray(written.map(\.new.start.origin.sessionID))),
                        \(PostgresArray(written.map(\.place))), \(PostgresArray(written.map(\.placeSince))))
                 AS s(student_id, number, started_at, deadline, choice_order, session_id, place, place_since)
            RETURNING id, student_id
            """)
        let attemptIDs = Dictionary(
            try created.map { (try $0.decode("student_id", as: Int.self), try $0.decode("id", as: Int.self)) },
            uniquingKeysWith: { first, _ in first })
        let ids = try written.map { attempt in
            guard let id = attemptIDs[attempt.new.start.studentID] else { throw UnwrittenAttempt() }
            return id
        }
        let shown = zip(written, ids).flatMap { attempt, id in
            attempt.order.questions.enumerated().map { (attemptID: id, position: $0.offset, question: $0.element) }
        }
        let reads = zip(written, ids).map { attempt, id in
            AttemptSave.read(attemptID: id, studentID: attempt.new.start.studentID, idempotencyKey: nil)
        }
        let results = try await transaction.pipeline(
            [
                """
                INSERT INTO attempt_questions (attempt_id, position, question_id, points)
                SELECT * FROM unnest(\(PostgresArray(shown.map(\.attemptID))), \(PostgresArray(shown.map(\.position))),
                                     \(PostgresArray(shown.map(\.question.id))), \(PostgresArray(shown.map(\.question.points))))
                """,
                AttemptStatements.record(.started, attemptIDs: ids, at: written.map(\.new.start.now)),
            ] + reads + [.commit])
        guard results.count == reads.count + 3 else { return outcomes.map { _ in .notFound } }
        for (offset, attempt) in written.enumerated() {
            let id = ids[offset]
            guard let loaded = try AttemptStatements.loadedAttempt(results[2 + offset]) else {
                outcomes[attempt.index] = .notFound
                continue
            }
            // What `attempts.questions(of:)` would read back: the drawn questions, each worth its slot's points.
            attempts.questionCache?.keep(attempt.order.questions, attemptID: id)
            outcomes[attempt.index] = .started(
                AttemptStatements.view(loaded, questions: loaded.ordered(attempt.order.questions), saved: [], result: nil),
                attempt.place.map(OneSessionRepository.Claim.here) ?? .anyPlace)
        }
        return outcomes
    }

    /// The database answered fewer new attempts than it was given (never: a failed row fails
    /// the statement); thrown so that the transaction is rolled back.
    private struct UnwrittenAttempt: Error {}

    /// An attempt as `insert` writes it.
    private struct Written {
        var index: Int
        var new: NewAttempt
        var order: AttemptOrder
        var choiceKeys: String?
        var place: String?
        var deadline: Date? { new.exam.terms.deadline(startedAt: new.start.now, extensionMinutes: 0) }
        var placeSince: Date? { place.map { _ in new.start.now } }
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

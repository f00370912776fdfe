import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// The statements the attempt operations share, on one transaction.
///
/// Locks are taken in one order everywhere (the course, then the exam or the enrollment,
/// then the attempt), so these transactions never deadlock with each other or with a course
/// being deleted.
struct AttemptStatements {
    let transaction: Transaction
    /// Where the questions of running attempts are kept between their saves (none: always read).
    var questionCache: AttemptQuestionCache? = nil

    var questions: QuestionStatements { QuestionStatements(transaction: transaction) }

    /// Locks the attempt's course (shared) and then the attempt itself, and reads it; nil when
    /// it is not the student's or (with `requireEnrollment`) the student has left the course.
    /// The two locks are one statement, taken in that order (its FROM's); the attempt is read
    /// by the next one, so that it shows what a transaction that held the lock before wrote
    /// (the answer it remembered under `idempotencyKey` too).
    func lock(attemptID: Int, studentID: Int, requireEnrollment: Bool = true, idempotencyKey: String? = nil) async throws
        -> LoadedAttempt?
    {
        let locked = try await transaction.query(AttemptSave.lock(attemptID: attemptID, studentID: studentID))
        guard !locked.isEmpty, let state = try await state(attemptID: attemptID, studentID: studentID, idempotencyKey: idempotencyKey)
        else { return nil }
        guard state.studentEnrolled || !requireEnrollment else { return nil }
        return state
    }

    /// The attempt with what decides its rules (its timing, its student's terms). Without
    /// `studentID`, any student's (the sweep's). With `idempotencyKey`, the answer to the save
    /// that came with it before, if any.
    func state(attemptID: Int, studentID: Int?, idempotencyKey: String? = nil) async throws -> LoadedAttempt? {
        try Self.loadedAttempt(
            try await transaction.query(AttemptSave.read(attemptID: attemptID, studentID: studentID, idempotencyKey: idempotencyKey)))
    }

    /// The attempt `AttemptSave.read` answered, if it found one.
    static func loadedAttempt(_ rows: PostgresRows) throws -> LoadedAttempt? {
        guard let row = rows.first else { return nil }
        let terms = try StudentTermsColumns.terms(row)
        let choices: String? = try row.decode("choice_order")
        let remembered: String? = try row.decode("remembered_save")
        return LoadedAttempt(
            id: try row.decode("id"), examID: try row.decode("exam_id"), courseID: try row.decode("course_id"),
            number: try row.decode("number"),
            timing: AttemptTiming(
                startedAt: try row.decode("started_at"), deadline: try row.decode("deadline"), exam: terms.exam,
                submittedAt: try row.decode("submitted_at"), submittedByServer: try row.decode("auto_submitted")),
            terms: terms, extensionMinutes: try row.decode("extension_minutes"), title: try row.decode("title"),
            instructions: try row.decode("instructions"), timeZone: try row.decode("time_zone"),
            studentEnrolled: try row.decode("enrolled"),
            rememberedSave: try remembered.map { try JSONColumn.decode(SaveAnswersResponse.self, from: $0) },
            rememberedRequestHash: try row.decode("remembered_hash"),
            choiceOrder: try choices.map { try JSONColumn.decode([String: [String]].self, from: $0) }.map { byText in
                Dictionary(byText.compactMap { key, value in Int(key).map { ($0, value) } }, uniquingKeysWith: { first, _ in first })
            }, aliasSeed: try row.decode("alias_seed"), integrity: try AttemptIntegrity(row))
    }

    /// The questions the attempt shows, in its order, each with its choices (or options) in
    /// the attempt's order.
    func questions(of state: LoadedAttempt) async throws -> [StoredQuestion] {
        if let kept = questionCache?.questions(of: state) { return kept }
        let drawn = try await questions.questions(drawnFor: state.id)
        guard !drawn.isEmpty else { return state.ordered(try await questions.questions(ofExam: state.examID)) }
        if !state.isSubmitted { questionCache?.keep(drawn, attemptID: state.id) }
        return state.ordered(drawn)
    }

    /// The answers saved (cleared ones left out), each with the sequence of its save.
    func answers(attemptID: Int) async throws -> [AnswerInput] {
        try Self.answers(try await transaction.query(Self.answers(attemptID: attemptID)))
    }

    /// The statement `answers(attemptID:)` runs (a pipeline sends it too).
    static func answers(attemptID: Int) -> PostgresQuery {
        """
        SELECT an.response::text AS response, an.sequence FROM answers an
        LEFT JOIN attempt_questions aq ON aq.attempt_id = an.attempt_id AND aq.question_id = an.question_id
        WHERE an.attempt_id = \(attemptID) AND an.response <> 'null'::jsonb ORDER BY aq.position, an.question_id
        """
    }

    /// The answers in the rows of `answers(attemptID:)`'s statement.
    static func answers(_ rows: PostgresRows) throws -> [AnswerInput] {
        try rows.map { row in
            var answer = try JSONColumn.decode(AnswerInput.self, from: try row.decode("response"))
            answer.sequence = try row.decode("sequence")
            return answer
        }
    }

    /// Grades the attempt with its saved answers as `submission` says, and records the result
    /// and the event, unless it was graded already (then nil): the UPDATE only takes an
    /// attempt that is still open.
    func grade(_ attempt: LoadedAttempt, as submission: Submission, questions: [StoredQuestion]) async throws -> Grading? {
        let graded = submission.grade(questions, answers: try await answers(attemptID: attempt.id))
        let updated = try await transaction.query(Self.submitted(attempt, graded, as: submission))
        guard !updated.isEmpty else { return nil }
        questionCache?.forget(attemptID: attempt.id)
        try await storeResults(graded.questions, attemptID: attempt.id)
        try await record(submission.byServer ? .autoSubmitted : .submitted, attemptID: attempt.id, at: submission.submittedAt)
        return graded
    }

    /// `grade` of an attempt this transaction holds locked, still open when it read it, and
    /// its `answers` as it read them then: the attempt, its results and its log written in one
    /// round trip. An attempt found graded after all (never, under the lock) throws
    /// `GradedMeanwhile`, so that the transaction is rolled back.
    func grade(lockedOpen attempt: LoadedAttempt, as submission: Submission, questions: [StoredQuestion], answers: [AnswerInput])
        async throws -> Grading
    {
        let graded = submission.grade(questions, answers: answers)
        let written = try await transaction.pipeline([
            Self.submitted(attempt, graded, as: submission),
            Self.results(graded.questions, attemptID: attempt.id),
            Self.record(submission.byServer ? .autoSubmitted : .submitted, attemptID: attempt.id, at: submission.submittedAt),
        ])
        guard written.count == 3, !written[0].isEmpty else { throw GradedMeanwhile() }
        questionCache?.forget(attemptID: attempt.id)
        return graded
    }

    struct GradedMeanwhile: Error {}

    /// The attempt graded as `graded` says, if it is still open (its id, or no row).
    private static func submitted(_ attempt: LoadedAttempt, _ graded: Grading, as submission: Submission) -> PostgresQuery {
        """
        UPDATE attempts SET submitted_at = \(submission.submittedAt), score = \(graded.score), max_score = \(graded.maxScore),
            auto_submitted = \(submission.byServer), needs_grading = \(graded.needsGrading)
        WHERE id = \(attempt.id) AND submitted_at IS NULL
        RETURNING id
        """
    }

    /// The server's own submission of the attempt, if it has ended by `now` (`Submission.byServer`);
    /// whether it graded it.
    @discardableResult
    func submitIfEnded(_ attempt: LoadedAttempt, now: Date) async throws -> Bool {
        guard let submission = Submission.byServer(attempt.timing, at: now) else { return false }
        return try await grade(attempt, as: submission, questions: try await questions(of: attempt)) != nil
    }

    /// Works out the attempt's deadline again from its student's terms as they are now
    /// (`StudentTerms.deadline`), with `extensionMinutes` in all, and keeps both.
    func updateDeadline(of attempt: LoadedAttempt, extensionMinutes: Int) async throws {
        let deadline = attempt.terms.deadline(startedAt: attempt.timing.startedAt, extensionMinutes: extensionMinutes)
        try await transaction.execute(
            "UPDATE attempts SET deadline = \(deadline), extension_minutes = \(extensionMinutes) WHERE id = \(attempt.id)")
    }

    /// Writes each question's result (a regrade writes them again; it never touches essays).
    func storeResults(_ results: [GradedQuestion], attemptID: Int) async throws {
        try await transaction.execute(Self.results(results, attemptID: attemptID))
    }

    /// The statement of `storeResults`, for a pipeline.
    static func results(_ results: [GradedQuestion], attemptID: Int) -> PostgresQuery {
        let right = results.filter(\.correct).map(\.questionId)
        let pending = results.filter(\.pending).map(\.questionId)
        return """
            INSERT INTO attempt_results (attempt_id, question_id, correct, points, feedback, pending)
            SELECT \(attemptID), r.question_id, r.question_id = ANY(\(PostgresArray(right))), r.points::numeric,
                   nullif(r.feedback, ''), r.question_id = ANY(\(PostgresArray(pending)))
            FROM unnest(\(PostgresArray(results.map(\.questionId))), \(PostgresArray(results.map(\.points.description))),
                        \(PostgresArray(results.map { $0.feedback ?? "" })))
                 AS r(question_id, points, feedback)
            ON CONFLICT (attempt_id, question_id) DO UPDATE SET
                correct = excluded.correct, points = excluded.points, feedback = excluded.feedback
            """
    }

    /// The grading stored for a submitted attempt (an essay's comment as its feedback).
    func grading(attemptID: Int) async throws -> Grading? {
        let attempt = try await transaction.query(
            "SELECT score::float8 AS score, max_score::float8 AS max_score FROM attempts WHERE id = \(attemptID) AND submitted_at IS NOT NULL"
        )
        guard let row = attempt.first else { return nil }
        let results = try await transaction.query(
            """
            SELECT r.question_id, r.correct, r.points::float8 AS points, r.feedback, r.pending FROM attempt_results r
            LEFT JOIN attempt_questions aq ON aq.attempt_id = r.attempt_id AND aq.question_id = r.question_id
            WHERE r.attempt_id = \(attemptID) ORDER BY aq.position, r.question_id
            """)
        return Grading(
            score: try row.decode("score"), maxScore: try row.decode("max_score"),
            questions: try results.map {
                GradedQuestion(
                    questionId: try $0.decode("question_id"), correct: try $0.decode("correct"), points: try $0.decode("points"),
                    feedback: try $0.decode("feedback"), pending: try $0.decode("pending"))
            })
    }

    /// The attempt as its student sees it: no right answers while it runs, its saved answers,
    /// and its result as far as the exam's review options show it now (with its grade on the
    /// course's scale beside the score); ids under its aliases.
    func view(_ attempt: LoadedAttempt, questions: [StoredQuestion], now: Date) async throws -> StudentAttempt {
        var result: AttemptResult?
        if let submittedAt = attempt.timing.submittedAt, let grading = try await grading(attemptID: attempt.id) {
            let submission = Submission(submittedAt: submittedAt, byServer: attempt.timing.submittedByServer, takesFinalAnswers: false)
            result = try await GradeLookup.graded(
                submission.result(
                    attemptID: attempt.id, grading: grading, questions: questions.map(attempt.aliases.shown), terms: attempt.terms, at: now),
                query: transaction.query)
        }
        return Self.view(attempt, questions: questions, saved: try await answers(attemptID: attempt.id), result: result)
    }

    /// The attempt as its student sees it, from what was read of it: its questions, its saved
    /// answers (`answers(attemptID:)`) and its result, if any.
    static func view(_ attempt: LoadedAttempt, questions: [StoredQuestion], saved: [AnswerInput], result: AttemptResult?) -> StudentAttempt
    {
        let aliases = attempt.aliases
        let shown = questions.map(aliases.shown)
        let byID = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let saved = saved.map { answer in
            byID[answer.questionId].map { aliases.shown(answer, of: $0) } ?? answer
        }
        return StudentAttempt(
            attemptId: attempt.id, examId: attempt.examID, title: attempt.title, instructions: attempt.instructions,
            number: attempt.number, startedAt: attempt.timing.startedAt, deadline: attempt.timing.effectiveDeadline,
            submittedAt: attempt.timing.submittedAt, questions: shown.map(\.studentView), answers: saved, result: result,
            timeLimitMinutes: attempt.terms.timeLimitMinutes, baseTimeLimitMinutes: attempt.terms.baseTimeLimitMinutes,
            graceSeconds: attempt.timing.graceSeconds, timeZone: attempt.timeZone)
    }

    /// Adds an entry to the attempt's log.
    func record(_ kind: AttemptEventKind, attemptID: Int, at: Date, detail: String? = nil) async throws {
        try await transaction.execute(Self.record(kind, attemptID: attemptID, at: at, detail: detail))
    }

    /// The statement of `record`, for a pipeline.
    static func record(_ kind: AttemptEventKind, attemptID: Int, at: Date, detail: String? = nil) -> PostgresQuery {
        "INSERT INTO attempt_events (attempt_id, at, kind, detail) VALUES (\(attemptID), \(at), \(kind.rawValue), \(detail))"
    }

    /// `record` of one event for each of `attemptIDs`, each at its time in `at`, in one statement.
    static func record(_ kind: AttemptEventKind, attemptIDs: [Int], at: [Date]) -> PostgresQuery {
        """
        INSERT INTO attempt_events (attempt_id, at, kind)
        SELECT e.attempt_id, e.at, \(kind.rawValue) FROM unnest(\(PostgresArray(attemptIDs)), \(PostgresArray(at))) AS e(attempt_id, at)
        """
    }
}

/// An attempt as its operations read it (`AttemptStatements.state`, `loadedAttempt`, beside it
/// here as its only builder): what its rules take (its timing and its student's terms, decided
/// by `ExamPrepExams`), what its student's page shows, and the order it shows its questions in.
struct LoadedAttempt: Sendable {
    var id: Int
    var examID: Int
    var courseID: Int
    var number: Int
    var timing: AttemptTiming
    var terms: StudentTerms
    /// The minutes a faculty member extended it by, in all.
    var extensionMinutes: Int
    var title: String
    var instructions: String
    var timeZone: String
    /// Whether its student is still enrolled in the course (one who left cannot reach it).
    var studentEnrolled: Bool
    /// The answer given to an earlier save with the idempotency key it was read for.
    var rememberedSave: SaveAnswersResponse?
    /// What that earlier save asked for (`AttemptStatements.requestHash`; nil for keys kept
    /// before hashes were).
    var rememberedRequestHash: String?
    /// Choice keys (or a matching question's option ids) per question, in the order this
    /// attempt shows them, when the exam shuffles choices.
    var choiceOrder: [Int: [String]]?
    /// The seed of the ids its student sees (`AnswerAliases`; nil for attempts from before them).
    var aliasSeed: UUID?
    /// Its exam's integrity rules (Safe Exam Browser, the focus log), checked without a
    /// statement of their own.
    var integrity: AttemptIntegrity = .none

    var aliases: AnswerAliases { AnswerAliases(seed: aliasSeed) }

    var isSubmitted: Bool { timing.isSubmitted }

    /// `questions` (in the attempt's order already), with choices in this attempt's order.
    func ordered(_ questions: [StoredQuestion]) -> [StoredQuestion] {
        AttemptOrder.ordered(questions, choiceKeys: choiceOrder)
    }
}

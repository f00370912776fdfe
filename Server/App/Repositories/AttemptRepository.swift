import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// Students' attempts: starting, saving answers, submitting, reading. Every operation is one
/// transaction (`AttemptStatements` holds their shared statements) and takes `now` from the
/// server's clock. Each reads what the exam rules need, asks them (`ExamPrepExams`: the start
/// rules, the attempt's timing, `Submission`) and stores their answer. Only enrolled students
/// reach an attempt; everyone else gets `.notFound`. Attempts past their end are submitted by
/// `ExpiredAttemptRepository`.
struct AttemptRepository: Sendable {
    let pool: PostgresPool
    /// The questions of running attempts, kept between their saves.
    var questionCache = AttemptQuestionCache()
    /// Where starts of one exam that arrive together wait to be written together; nil: each
    /// start is written alone.
    var startBatcher: StartBatcher? = StartBatcher()
    /// How often a start draws again when an edit replaced a question it drew; past that,
    /// `BankDrawStatements.Raced` reaches the caller (503).
    var drawRetries = BankDrawStatements.retries

    enum Saving: Sendable {
        case saved(SaveAnswersResponse)
        case notFound
        case submitted
        case pastDeadline
        /// The idempotency key came with other answers before: nothing was saved.
        case keyReused
        /// The exam's integrity rules refuse the request (`AttemptAccess`): nothing was saved.
        case refusedByIntegrity(AttemptIntegrity.Verdict)
    }

    enum FormSaving: Sendable {
        /// Saved (or nothing to save): the question's number in the attempt, of how many.
        case saved(number: Int, of: Int)
        /// The number field held no number (as typed): nothing was saved.
        case notANumber(String, number: Int, of: Int)
        case notFound
        case submitted
        case pastDeadline
        /// The form named no question of the attempt.
        case noSuchQuestion
        /// The exam's integrity rules refuse the request (`AttemptAccess`): nothing was saved.
        case refusedByIntegrity(AttemptIntegrity.Verdict)
    }

    enum Submitting: Sendable {
        case submitted(AttemptResult)
        case alreadySubmitted
        case notFound
    }

    /// The attempt as its student sees it. Reads only: an attempt past its end is submitted
    /// first (`ExpiredAttemptRepository.submit(attemptID:…)`), which its route calls before this.
    func attempt(id attemptID: Int, studentID: Int, now: Date, logger: Logger) async throws -> StudentAttempt? {
        try await pool.transaction(logger: logger) { transaction in
            let attempts = AttemptStatements(transaction: transaction, questionCache: questionCache)
            guard let attempt = try await attempts.lock(attemptID: attemptID, studentID: studentID) else { return nil }
            return try await attempts.view(attempt, questions: try await attempts.questions(of: attempt), now: now)
        }
    }

    /// Saves answers (see `AttemptStatements.store`: the newest sequence wins) while the
    /// attempt takes them. A save with an `idempotencyKey` that was seen before with the same
    /// answers is answered as it was then, and changes nothing; with other answers it is
    /// `.keyReused`, and changes nothing either.
    ///
    /// Two round trips when the attempt's questions are in memory (`AttemptQuestionCache`):
    /// BEGIN, the locks and the reads together, then the writes and COMMIT together. Its
    /// connection (as a submission's) is an `.urgent` lease: a student's clock is running.
    func save(
        attemptID: Int, studentID: Int, answers: [AnswerInput], idempotencyKey: String?, access: AttemptAccess = .trusted, now: Date,
        logger: Logger
    ) async throws -> Saving {
        try await pool.pipelinedTransaction(priority: .urgent, logger: logger) { transaction in
            let attempts = AttemptStatements(transaction: transaction, questionCache: questionCache)
            guard
                let attempt = try await Self.openForSaving(
                    attemptID: attemptID, studentID: studentID, idempotencyKey: idempotencyKey, in: transaction)
            else { return .notFound }
            // Read with the attempt: no statement of its own (`AttemptIntegrity`).
            let verdict = access.verdict(attempt.integrity)
            guard verdict == .passes else { return .refusedByIntegrity(verdict) }
            let requestHash = try AttemptStatements.requestHash(answers)
            switch RepeatedKey(kept: attempt.rememberedSave, keptHash: attempt.rememberedRequestHash, requestHash: requestHash) {
            case .firstTime: break
            case .reused: return .keyReused
            case .repeatOf(var remembered):
                // The deadline as it is now, not as it was when the key was first seen.
                remembered.deadline = attempt.timing.effectiveDeadline
                remembered.serverTime = now
                return .saved(remembered)
            }
            guard !attempt.isSubmitted else { return .submitted }
            guard attempt.timing.takesAnswers(at: now) else { return .pastDeadline }
            let questions = try await attempts.questions(of: attempt)
            let sequences = answers.compactMap(\.sequence)
            let storing = try attempts.storing(
                answers, state: attempt, questions: questions, now: now,
                logging: "\(answers.count) answer\(answers.count == 1 ? "" : "s")" + (sequences.max().map { ", sequence \($0)" } ?? ""),
                keyed: idempotencyKey.map { AttemptSave.KeyedSave(idempotencyKey: $0, requestHash: requestHash) })
            let written = try await transaction.pipeline([storing, .commit])
            guard let storeRows = written.first else { return .notFound }
            let stored = try AttemptStatements.storedAnswers(storeRows)
            return .saved(
                SaveAnswersResponse(
                    saved: stored.saved, answers: stored.answers, deadline: attempt.timing.effectiveDeadline, serverTime: now))
        }
    }

    /// A save's first round trip, for `save` and `saveForm`: BEGIN, the course's and the
    /// attempt's locks, and the attempt as the save needs it (with the answer remembered under
    /// `idempotencyKey`). Nil when the attempt is not the student's or she is no longer enrolled.
    private static func openForSaving(attemptID: Int, studentID: Int, idempotencyKey: String?, in transaction: Transaction)
        async throws -> LoadedAttempt?
    {
        try await open(attemptID: attemptID, studentID: studentID, idempotencyKey: idempotencyKey, in: transaction)?.attempt
    }

    /// `openForSaving`, with `extra` statements read in the same round trip after the locks
    /// (a submit's answers): the attempt and each one's rows.
    private static func open(
        attemptID: Int, studentID: Int, idempotencyKey: String?, reading extra: [PostgresQuery] = [], in transaction: Transaction
    ) async throws -> (attempt: LoadedAttempt, extra: [PostgresRows])? {
        let opened = try await transaction.pipeline(
            [
                .begin, AttemptSave.lock(attemptID: attemptID, studentID: studentID),
                AttemptSave.read(attemptID: attemptID, studentID: studentID, idempotencyKey: idempotencyKey),
            ] + extra)
        guard opened.count == 3 + extra.count, !opened[1].isEmpty, let attempt = try AttemptStatements.loadedAttempt(opened[2]),
            attempt.studentEnrolled
        else { return nil }
        return (attempt, Array(opened.dropFirst(3)))
    }

    /// The attempt page's form (`POST /attempts/{attemptId}`, no JavaScript): one save's
    /// transaction, as `save`'s, whose answer the form's `fields` make (`FormAnswer`, the pure
    /// rule) with the question this transaction loaded, so the page reads nothing of the
    /// attempt before. As
    /// `save`, it checks `access` against the exam's integrity rules read with the attempt
    /// (Safe Exam Browser, and the one place: the form changes the attempt), so
    /// `SafeExamBrowserGate` reads nothing before it either. A repeat of its `idempotencyKey`
    /// with the same answer changes nothing; with another answer (the same page sent again
    /// after a change, or after going back) it is saved as a new save: the answer on the
    /// screen is the one the student means.
    func saveForm(
        attemptID: Int, studentID: Int, questionID: Int?, fields: @Sendable (String) -> [String], idempotencyKey: String?,
        access: AttemptAccess = .trusted, now: Date, logger: Logger
    ) async throws -> FormSaving {
        try await pool.pipelinedTransaction(priority: .urgent, logger: logger) { transaction in
            let attempts = AttemptStatements(transaction: transaction, questionCache: questionCache)
            guard
                let attempt = try await Self.openForSaving(
                    attemptID: attemptID, studentID: studentID, idempotencyKey: idempotencyKey, in: transaction)
            else { return .notFound }
            // Read with the attempt: no statement of its own (`AttemptIntegrity`).
            let verdict = access.verdict(attempt.integrity, placeChecked: true)
            guard verdict == .passes else { return .refusedByIntegrity(verdict) }
            guard !attempt.isSubmitted else { return .submitted }
            guard attempt.timing.takesAnswers(at: now) else { return .pastDeadline }
            let questions = try await attempts.questions(of: attempt)
            guard let questionID, let index = questions.firstIndex(where: { $0.id == questionID }) else { return .noSuchQuestion }
            let given: AnswerInput
            switch FormAnswer(attempt.aliases.shown(questions[index]).studentView, fields: fields) {
            case .unchanged: return .saved(number: index + 1, of: questions.count)
            case .notANumber(let typed): return .notANumber(typed, number: index + 1, of: questions.count)
            case .answer(let made): given = made
            }
            let requestHash = try AttemptStatements.requestHash([given])
            var keyed = idempotencyKey.map { AttemptSave.KeyedSave(idempotencyKey: $0, requestHash: requestHash) }
            switch RepeatedKey(kept: attempt.rememberedSave, keptHash: attempt.rememberedRequestHash, requestHash: requestHash) {
            case .firstTime: break
            case .repeatOf: return .saved(number: index + 1, of: questions.count)
            case .reused: keyed = nil
            }
            let storing = try attempts.storing([given], state: attempt, questions: questions, now: now, logging: "1 answer", keyed: keyed)
            _ = try await transaction.pipeline([storing, .commit])
            return .saved(number: index + 1, of: questions.count)
        }
    }

    /// Submits and grades the attempt as `Submission.byStudent` says: after saving
    /// `finalAnswers` while it takes answers (past its end, it is the server's submission, with
    /// what was saved before). The attempt's row lock and the conditional UPDATE in `grade`
    /// make two concurrent submits grade once. The exam's questions are read once, for the
    /// final answers and the grading alike. The answer shows what the exam's review options
    /// show right after submitting, with the score's grade on the course's scale. Without
    /// final answers, four round trips (nine before): the locks and reads, the writes
    /// (`grade(lockedOpen:…)`), the grade's scale, COMMIT.
    func submit(attemptID: Int, studentID: Int, finalAnswers: [AnswerInput], now: Date, logger: Logger) async throws -> Submitting {
        do {
            return try await pool.pipelinedTransaction(priority: .urgent, logger: logger) { transaction in
                let attempts = AttemptStatements(transaction: transaction, questionCache: questionCache)
                // BEGIN, the locks, the attempt and its answers in one round trip (as a save's).
                guard
                    let (attempt, read) = try await Self.open(
                        attemptID: attemptID, studentID: studentID, idempotencyKey: nil,
                        reading: [AttemptStatements.answers(attemptID: attemptID)],
                        in: transaction),
                    let answerRows = read.first
                else { return .notFound }
                let questions = try await attempts.questions(of: attempt)
                switch Submission.byStudent(attempt.timing, at: now) {
                case .alreadySubmitted:
                    return .alreadySubmitted
                case .serverResult:
                    guard let result = try await attempts.view(attempt, questions: questions, now: now).result else {
                        return .alreadySubmitted
                    }
                    return .submitted(result)
                case .grade(let submission):
                    let grading: Grading
                    if submission.takesFinalAnswers, !finalAnswers.isEmpty {
                        _ = try await attempts.store(finalAnswers, state: attempt, questions: questions, now: now)
                        guard let graded = try await attempts.grade(attempt, as: submission, questions: questions) else {
                            return .alreadySubmitted
                        }
                        grading = graded
                    } else {
                        grading = try await attempts.grade(
                            lockedOpen: attempt, as: submission, questions: questions, answers: try AttemptStatements.answers(answerRows))
                    }
                    return .submitted(
                        try await GradeLookup.graded(
                            submission.result(
                                attemptID: attemptID, grading: grading, questions: questions.map(attempt.aliases.shown),
                                terms: attempt.terms,
                                at: now),
                            query: transaction.query))
                }
            }
        } catch is AttemptStatements.GradedMeanwhile {
            return .alreadySubmitted
        }
    }
}

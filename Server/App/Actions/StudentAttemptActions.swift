import ExamPrepExams
import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// The save and the flags of a student's attempt: one implementation for the API
/// (`PUT /api/students/attempts/{attemptId}/answers`, `…/flags/{questionId}`, bearer token) and
/// for the attempt page's script (`PUT /attempts/{attemptId}/answers`, `…/flags/{questionId}`,
/// session cookie and CSRF header), so both save exactly alike: the same `Idempotency-Key`
/// rules, the same sequences, the same answer. Knows no HTTP: a refusal is a `Refusal`, which
/// each face answers as it answers (`Refusal.failure`, the API's status).
struct StudentAttemptActions: Sendable {
    let attempts: AttemptRepository
    let flags: AttemptFlagRepository
    let clock: ServerClock

    /// Why a save or a flag was refused, each with its sentence.
    enum Refusal: Error, Sendable, Equatable {
        /// Not the student's attempt, or of a course they left.
        case noSuchAttempt(attemptID: Int)
        case noSuchQuestion(attemptID: Int, questionID: Int)
        case submitted(attemptID: Int)
        case pastDeadline(attemptID: Int)
        /// The key came with other answers before (`RepeatedKey`): nothing was saved.
        case keyReused(key: String)
        /// Flags change only while the attempt runs.
        case flagsOver(attemptID: Int)
        /// The exam needs Safe Exam Browser and the request did not come from it.
        case safeExamBrowserRequired
        /// The attempt belongs to another place (`ExamPolicy.oneSession`): it was moved there.
        case elsewhere(attemptID: Int)
        /// Submitted, or its exam keeps no place: there is nothing to move.
        case notMovable(attemptID: Int)
        /// The attempt moved `OneSessionRepository.maxMoves` times already.
        case tooManyMoves(attemptID: Int)

        var message: Message {
            switch self {
            case .noSuchAttempt(let attempt): Message("api-student.no-attempt", ["attempt": .integer(attempt)])
            case .noSuchQuestion(let attempt, let question):
                Message("api.attempt.no-question", ["attempt": .integer(attempt), "question": .integer(question)])
            case .submitted(let attempt): Message("api-student.attempt-submitted", ["attempt": .integer(attempt)])
            case .pastDeadline(let attempt): Message("api-student.time-up", ["attempt": .integer(attempt)])
            case .keyReused(let key): Message("api-student.key-reused", ["key": .text(key)])
            case .flagsOver(let attempt): Message("api-student.flags-over", ["attempt": .integer(attempt)])
            case .safeExamBrowserRequired: Message("integrity.safe-exam-browser-required")
            case .elsewhere: Message("integrity.moved-away")
            case .notMovable(let attempt): Message("integrity.not-movable", ["attempt": .integer(attempt)])
            case .tooManyMoves(let attempt):
                Message("integrity.too-many-moves", ["attempt": .integer(attempt), "moves": .integer(OneSessionRepository.maxMoves)])
            }
        }
    }

    /// Idempotent: a repeated `Idempotency-Key` (`rawKey`, checked here) with the same answers
    /// gets the first answer (with other answers, `.keyReused`: the client has a bug), and an
    /// answer whose `sequence` is older than the stored one changes nothing. `access` is checked
    /// against the exam's integrity rules read with the attempt (no statement of its own).
    func save(
        _ answers: [AnswerInput], attemptID: Int, idempotencyKey rawKey: String?, studentID: Int, access: AttemptAccess = .trusted,
        logger: Logger
    ) async throws -> SaveAnswersResponse {
        let key = try Self.idempotencyKey(rawKey)
        switch try await attempts.save(
            attemptID: attemptID, studentID: studentID, answers: answers, idempotencyKey: key, access: access, now: clock.now(),
            logger: logger)
        {
        case .saved(let response): return response
        case .notFound: throw Refusal.noSuchAttempt(attemptID: attemptID)
        case .submitted: throw Refusal.submitted(attemptID: attemptID)
        case .pastDeadline: throw Refusal.pastDeadline(attemptID: attemptID)
        case .keyReused: throw Refusal.keyReused(key: key ?? "")
        case .refusedByIntegrity(let verdict): throw Refusal(verdict, attemptID: attemptID)
        }
    }

    /// What the attempt page's form save did (`saveForm`).
    struct FormSave: Sendable, Equatable {
        /// The form's question's number in the attempt, and how many questions it shows.
        var number: Int
        var questionCount: Int
        /// A number field that did not hold a number, as typed: nothing was saved.
        var notANumber: String? = nil
    }

    /// The attempt page's form save, without JavaScript: its `fields` (every value sent under a
    /// name) become the answer to the form's question inside the save (`FormAnswer`, in
    /// `AttemptRepository.saveForm`), which loads the attempt
    /// and its questions anyway, and checks `access` against the exam's integrity rules read
    /// with it. Refused as `save` is, and `.noSuchQuestion` for a form that names none of the
    /// attempt's questions; a key sent again with another answer saves it.
    func saveForm(
        questionID: Int?, fields: @Sendable (String) -> [String], idempotencyKey rawKey: String?,
        attemptID: Int, studentID: Int, access: AttemptAccess = .trusted, logger: Logger
    ) async throws -> FormSave {
        let key = try Self.idempotencyKey(rawKey)
        switch try await attempts.saveForm(
            attemptID: attemptID, studentID: studentID, questionID: questionID, fields: fields, idempotencyKey: key, access: access,
            now: clock.now(), logger: logger)
        {
        case .saved(let number, let count): return FormSave(number: number, questionCount: count)
        case .notANumber(let typed, let number, let count): return FormSave(number: number, questionCount: count, notANumber: typed)
        case .notFound: throw Refusal.noSuchAttempt(attemptID: attemptID)
        case .submitted: throw Refusal.submitted(attemptID: attemptID)
        case .pastDeadline: throw Refusal.pastDeadline(attemptID: attemptID)
        case .noSuchQuestion: throw Refusal.noSuchQuestion(attemptID: attemptID, questionID: questionID ?? 0)
        case .refusedByIntegrity(let verdict): throw Refusal(verdict, attemptID: attemptID)
        }
    }

    /// An `Idempotency-Key` as sent, in the format the repeated-key rule keeps
    /// (`RepeatedKey.isValidKey`), or none.
    private static func idempotencyKey(_ raw: String?) throws -> String? {
        guard let raw else { return nil }
        guard RepeatedKey<SaveAnswersResponse>.isValidKey(raw) else { throw InvalidInput("validation.idempotency-key") }
        return raw
    }

    /// Keeps the periods the attempt page was left (`IntegrityRepository.record`): at most
    /// `FocusPeriodsRequest.maxPeriods` of a request are looked at, the rest only counted.
    func recordFocus(_ periods: [FocusPeriod], attemptID: Int, studentID: Int, access: AttemptAccess = .trusted, logger: Logger)
        async throws -> FocusPeriodsResponse
    {
        let looked = Array(periods.prefix(FocusPeriodsRequest.maxPeriods))
        let integrity = IntegrityRepository(pool: attempts.pool, questionCache: attempts.questionCache)
        switch try await integrity.record(
            looked, attemptID: attemptID, studentID: studentID, access: access, now: clock.now(), logger: logger)
        {
        case .recorded(let response):
            return FocusPeriodsResponse(stored: response.stored, ignored: response.ignored + periods.count - looked.count)
        case .notFound: throw Refusal.noSuchAttempt(attemptID: attemptID)
        case .notRunning: throw Refusal.submitted(attemptID: attemptID)
        case .refusedByIntegrity(let verdict): throw Refusal(verdict, attemptID: attemptID)
        }
    }

    /// Moves the student's one-place attempt to `place` (`OneSessionRepository.move`).
    func move(attemptID: Int, studentID: Int, place: String, logger: Logger) async throws -> AttemptPlace {
        switch try await OneSessionRepository(pool: attempts.pool).move(
            attemptID: attemptID, studentID: studentID, place: place, now: clock.now(), logger: logger)
        {
        case .moved(let moved): return moved
        case .notFound: throw Refusal.noSuchAttempt(attemptID: attemptID)
        case .notMovable: throw Refusal.notMovable(attemptID: attemptID)
        case .tooManyMoves: throw Refusal.tooManyMoves(attemptID: attemptID)
        }
    }

    /// Flags a question of a running attempt, takes its flag away, or turns it (the page's
    /// button): the one flag rule of the API, the page's script and the page's form. Answers
    /// the attempt's flags as they are now.
    func flag(
        _ change: AttemptFlagRepository.Change, attemptID: Int, questionID: Int, studentID: Int, logger: Logger
    ) async throws -> AttemptFlags {
        switch try await flags.set(
            change, attemptID: attemptID, questionID: questionID, studentID: studentID, now: clock.now(), logger: logger)
        {
        case .changed(let flags): return flags
        case .notFound: throw Refusal.noSuchAttempt(attemptID: attemptID)
        case .noSuchQuestion: throw Refusal.noSuchQuestion(attemptID: attemptID, questionID: questionID)
        case .notRunning: throw Refusal.flagsOver(attemptID: attemptID)
        }
    }
}

extension StudentAttemptActions.Refusal {
    /// The refusal an integrity rule's verdict makes (`.passes` is never refused).
    init(_ verdict: AttemptIntegrity.Verdict, attemptID: Int) {
        switch verdict {
        case .passes, .safeExamBrowserRequired: self = .safeExamBrowserRequired
        case .elsewhere: self = .elsewhere(attemptID: attemptID)
        }
    }
}

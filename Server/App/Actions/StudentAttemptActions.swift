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

        var message: Message {
            switch self {
            case .noSuchAttempt(let attempt): Message("api-student.no-attempt", ["attempt": .integer(attempt)])
            case .noSuchQuestion(let attempt, let question):
                Message("api.attempt.no-question", ["attempt": .integer(attempt), "question": .integer(question)])
            case .submitted(let attempt): Message("api-student.attempt-submitted", ["attempt": .integer(attempt)])
            case .pastDeadline(let attempt): Message("api-student.time-up", ["attempt": .integer(attempt)])
            case .keyReused(let key): Message("api-student.key-reused", ["key": .text(key)])
            case .flagsOver(let attempt): Message("api-student.flags-over", ["attempt": .integer(attempt)])
            }
        }
    }

    /// Idempotent: a repeated `Idempotency-Key` (`rawKey`, checked here) with the same answers
    /// gets the first answer (with other answers, `.keyReused`: the client has a bug), and an
    /// answer whose `sequence` is older than the stored one changes nothing.
    func save(_ answers: [AnswerInput], attemptID: Int, idempotencyKey rawKey: String?, studentID: Int, logger: Logger) async throws
        -> SaveAnswersResponse
    {
        let key = try Validators.idempotencyKey(rawKey)
        switch try await attempts.save(
            attemptID: attemptID, studentID: studentID, answers: answers, idempotencyKey: key, now: clock.now(), logger: logger)
        {
        case .saved(let response): return response
        case .notFound: throw Refusal.noSuchAttempt(attemptID: attemptID)
        case .submitted: throw Refusal.submitted(attemptID: attemptID)
        case .pastDeadline: throw Refusal.pastDeadline(attemptID: attemptID)
        case .keyReused: throw Refusal.keyReused(key: key ?? "")
        }
    }

    /// Keeps the periods the attempt page was left (`IntegrityRepository.record`): at most
    /// `FocusPeriodsRequest.maxPeriods` of a request are looked at, the rest only counted.
    func recordFocus(_ periods: [FocusPeriod], attemptID: Int, studentID: Int, logger: Logger) async throws -> FocusPeriodsResponse {
        let looked = Array(periods.prefix(FocusPeriodsRequest.maxPeriods))
        let integrity = IntegrityRepository(pool: attempts.pool, questionCache: attempts.questionCache)
        switch try await integrity.record(looked, attemptID: attemptID, studentID: studentID, now: clock.now(), logger: logger) {
        case .recorded(let response):
            return FocusPeriodsResponse(stored: response.stored, ignored: response.ignored + periods.count - looked.count)
        case .notFound: throw Refusal.noSuchAttempt(attemptID: attemptID)
        case .notRunning: throw Refusal.submitted(attemptID: attemptID)
        }
    }

    func setFlag(_ flagged: Bool, attemptID: Int, questionID: Int, studentID: Int, logger: Logger) async throws -> AttemptFlags {
        switch try await flags.set(
            flagged, attemptID: attemptID, questionID: questionID, studentID: studentID, now: clock.now(), logger: logger)
        {
        case .changed(let flags): return flags
        case .notFound: throw Refusal.noSuchAttempt(attemptID: attemptID)
        case .noSuchQuestion: throw Refusal.noSuchQuestion(attemptID: attemptID, questionID: questionID)
        case .notRunning: throw Refusal.flagsOver(attemptID: attemptID)
        }
    }
}

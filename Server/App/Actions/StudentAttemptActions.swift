import ExamPrepShared
import Foundation
import Hummingbird

/// The save and the flags of a student's attempt, as HTTP: one implementation for the API
/// (`PUT /api/students/attempts/{attemptId}/answers`, `…/flags/{questionId}`, bearer token) and
/// for the attempt page's script (`PUT /attempts/{attemptId}/answers`, `…/flags/{questionId}`,
/// session cookie and CSRF header), so both save exactly alike: the same `Idempotency-Key`
/// rules, the same sequences, the same answer.
struct StudentAttemptActions: Sendable {
    let attempts: AttemptRepository
    let flags: AttemptFlagRepository
    let clock: ServerClock

    /// Idempotent: a repeated `Idempotency-Key` with the same answers gets the first answer
    /// (with other answers, 422: the client has a bug), and an answer whose `sequence` is older
    /// than the stored one changes nothing.
    func save(_ request: Request, studentID: Int, context: some RequestContext) async throws -> SaveAnswersResponse {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let key = try Validators.idempotencyKey(request.headers[.idempotencyKey])
        let body = try await request.decode(as: SaveAnswersRequest.self, context: context)
        switch try await attempts.save(
            attemptID: attemptID, studentID: studentID, answers: body.answers, idempotencyKey: key, now: clock.now(),
            logger: context.logger)
        {
        case .saved(let response): return response
        case .notFound: throw Self.noSuchAttempt(attemptID)
        case .submitted: throw HTTPFailure.conflict("api-student.attempt-submitted", ["attempt": .integer(attemptID)])
        case .pastDeadline: throw HTTPFailure.conflict("api-student.time-up", ["attempt": .integer(attemptID)])
        case .keyReused:
            throw HTTPFailure(
                .unprocessableContent, .idempotencyKeyReused,
                "api-student.key-reused", ["key": .text(key ?? "")])
        }
    }

    func setFlag(_ flagged: Bool, studentID: Int, context: some RequestContext) async throws -> AttemptFlags {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let questionID = try context.parameters.require("questionId", as: Int.self)
        switch try await flags.set(
            flagged, attemptID: attemptID, questionID: questionID, studentID: studentID, now: clock.now(), logger: context.logger)
        {
        case .changed(let flags): return flags
        case .notFound: throw Self.noSuchAttempt(attemptID)
        case .noSuchQuestion:
            throw HTTPFailure.notFound("api.attempt.no-question", ["attempt": .integer(attemptID), "question": .integer(questionID)])
        case .notRunning: throw HTTPFailure.conflict("api-student.flags-over", ["attempt": .integer(attemptID)])
        }
    }

    static func noSuchAttempt(_ attemptID: Int) -> HTTPFailure {
        HTTPFailure.notFound("api-student.no-attempt", ["attempt": .integer(attemptID)])
    }
}

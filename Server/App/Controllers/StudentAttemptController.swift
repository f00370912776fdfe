import ExamPrepShared
import Foundation
import Hummingbird

/// `/api/students/attempts/{attemptId}…`: a student's own attempt: read it, save answers,
/// submit. Another's attempt, or one of a course the student left, is 404.
struct StudentAttemptController {
    let attempts: AttemptRepository
    let expired: ExpiredAttemptRepository
    let clock: ServerClock

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let students = group.group().add(middleware: RequireRole(.student))
        students.get(RouterPath(APIPaths.attempt.pattern), use: attempt)
        students.put(RouterPath(APIPaths.attemptAnswers.pattern), use: save)
        students.post(RouterPath(APIPaths.submitAttempt.pattern), use: submit)
    }

    @Sendable func attempt(_ request: Request, context: AuthenticatedContext) async throws -> StudentAttempt {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        // Past its deadline, it is submitted with what was saved before it is shown.
        try await expired.submit(attemptID: attemptID, studentID: context.user.id, now: clock.now(), logger: context.logger)
        guard
            let attempt = try await attempts.attempt(id: attemptID, studentID: context.user.id, now: clock.now(), logger: context.logger)
        else {
            throw Self.noSuchAttempt(attemptID)
        }
        return attempt
    }

    /// Idempotent: a repeated `Idempotency-Key` with the same answers gets the first answer
    /// (with other answers, 422: the client has a bug), and an answer whose `sequence` is older
    /// than the stored one changes nothing.
    @Sendable func save(_ request: Request, context: AuthenticatedContext) async throws -> SaveAnswersResponse {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let key = try Validators.idempotencyKey(request.headers[.idempotencyKey])
        let body = try await request.decode(as: SaveAnswersRequest.self, context: context)
        switch try await attempts.save(
            attemptID: attemptID, studentID: context.user.id, answers: body.answers, idempotencyKey: key, now: clock.now(),
            logger: context.logger)
        {
        case .saved(let response): return response
        case .notFound: throw Self.noSuchAttempt(attemptID)
        case .submitted: throw HTTPFailure.conflict("Attempt \(attemptID) is submitted; its answers can no longer change.")
        case .pastDeadline: throw HTTPFailure.conflict("The time for attempt \(attemptID) is up; it is graded with what was saved.")
        case .keyReused:
            throw HTTPFailure(
                .unprocessableContent, .idempotencyKeyReused,
                "The Idempotency-Key \(key ?? "") came with other answers before; nothing was saved. Send new answers with a new key.")
        }
    }

    @Sendable func submit(_ request: Request, context: AuthenticatedContext) async throws -> AttemptResult {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let final = try await request.decodeIfPresent(as: SaveAnswersRequest.self, context: context)
        switch try await attempts.submit(
            attemptID: attemptID, studentID: context.user.id, finalAnswers: final?.answers ?? [], now: clock.now(),
            logger: context.logger)
        {
        case .submitted(let result): return result
        case .notFound: throw Self.noSuchAttempt(attemptID)
        case .alreadySubmitted:
            throw HTTPFailure.conflict("Attempt \(attemptID) is already submitted; GET it for the result.")
        }
    }

    private static func noSuchAttempt(_ attemptID: Int) -> HTTPFailure {
        HTTPFailure.notFound("You have no attempt \(attemptID).")
    }
}

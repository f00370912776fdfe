import ExamPrepShared
import Foundation
import Hummingbird

/// `/api/students/attempts/{attemptId}…`: a student's own attempt: read it, save answers,
/// submit; flag questions for review and read the summary before submitting. Another's
/// attempt, or one of a course the student left, is 404.
struct StudentAttemptController {
    let attempts: AttemptRepository
    let flags: AttemptFlagRepository
    let expired: ExpiredAttemptRepository
    let clock: ServerClock

    private var actions: StudentAttemptActions { StudentAttemptActions(attempts: attempts, flags: flags, clock: clock) }

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let students = group.group().add(middleware: RequireRole(.student))
        students.get(RouterPath(APIPaths.attempt.pattern), use: attempt)
        students.put(RouterPath(APIPaths.attemptAnswers.pattern), use: save)
        students.post(RouterPath(APIPaths.submitAttempt.pattern), use: submit)
        students.put(RouterPath(APIPaths.attemptFlag.pattern), use: flag)
        students.delete(RouterPath(APIPaths.attemptFlag.pattern), use: unflag)
        students.get(RouterPath(APIPaths.attemptSummary.pattern), use: summary)
    }

    @Sendable func attempt(_ request: Request, context: AuthenticatedContext) async throws -> StudentAttempt {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        // Past its deadline, it is submitted with what was saved before it is shown.
        let reader = AttemptReader(attempts: attempts, expired: expired, flags: flags)
        guard let read = try await reader.read(attemptID: attemptID, studentID: context.user.id, now: clock.now(), logger: context.logger)
        else {
            throw Self.noSuchAttempt(attemptID)
        }
        return read.attempt
    }

    /// Idempotent: see `StudentAttemptActions.save`.
    @Sendable func save(_ request: Request, context: AuthenticatedContext) async throws -> SaveAnswersResponse {
        try await actions.save(request, studentID: context.user.id, context: context)
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
            throw HTTPFailure.conflict("api-student.attempt-already-submitted", ["attempt": .integer(attemptID)])
        }
    }

    @Sendable func flag(_ request: Request, context: AuthenticatedContext) async throws -> AttemptFlags {
        try await actions.setFlag(true, studentID: context.user.id, context: context)
    }

    @Sendable func unflag(_ request: Request, context: AuthenticatedContext) async throws -> AttemptFlags {
        try await actions.setFlag(false, studentID: context.user.id, context: context)
    }

    /// What is answered and flagged; past its deadline the attempt is submitted first.
    @Sendable func summary(_ request: Request, context: AuthenticatedContext) async throws -> AttemptSummary {
        let attempt = try await attempt(request, context: context)
        return AttemptSummary(
            attempt: attempt, flagged: Set(try await flags.flags(attemptID: attempt.attemptId, logger: context.logger)))
    }

    private static func noSuchAttempt(_ attemptID: Int) -> HTTPFailure {
        StudentAttemptActions.noSuchAttempt(attemptID)
    }
}

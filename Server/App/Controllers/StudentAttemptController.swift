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
    /// `PUBLIC_URL`'s origin, for Safe Exam Browser's check (`SafeExamBrowserGate`).
    var publicOrigin: String? = nil

    private var actions: StudentAttemptActions { StudentAttemptActions(attempts: attempts, flags: flags, clock: clock) }

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let students = group.group().add(middleware: RequireRole(.student))
            .add(middleware: SafeExamBrowserGate<AuthenticatedContext>(integrity: integrity, publicOrigin: publicOrigin))
        students.get(RouterPath(APIPaths.attempt.pattern), use: attempt)
        students.put(RouterPath(APIPaths.attemptAnswers.pattern), use: save)
        students.post(RouterPath(APIPaths.submitAttempt.pattern), use: submit)
        students.put(RouterPath(APIPaths.attemptFlag.pattern), use: flag)
        students.delete(RouterPath(APIPaths.attemptFlag.pattern), use: unflag)
        students.get(RouterPath(APIPaths.attemptSummary.pattern), use: summary)
        students.post(RouterPath(APIPaths.attemptFocus.pattern), use: focus)
        students.post(RouterPath(APIPaths.attemptPlace.pattern), use: move)
    }

    /// Moves a one-place attempt to the place that asks (`X-ExamPrep-Place`, or a token made
    /// for it, answered in the same header).
    @Sendable func move(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<AttemptPlace> {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let place = AttemptAccess(request, publicOrigin: publicOrigin).place ?? AttemptPlaceToken.make()
        let moved = try await StudentAttemptActions.Refusal.answering {
            try await actions.move(attemptID: attemptID, studentID: context.user.id, place: place, logger: context.logger)
        }
        return EditedResponse(headers: [AttemptAccess.placeHeader: moved.place], response: moved)
    }

    private var integrity: IntegrityRepository { IntegrityRepository(pool: attempts.pool, questionCache: attempts.questionCache) }

    /// The periods the student left the attempt (`StudentAttemptActions.recordFocus`).
    @Sendable func focus(_ request: Request, context: AuthenticatedContext) async throws -> FocusPeriodsResponse {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let body = try await request.decode(as: FocusPeriodsRequest.self, context: context)
        return try await StudentAttemptActions.Refusal.answering {
            try await actions.recordFocus(
                body.periods, attemptID: attemptID, studentID: context.user.id, access: AttemptAccess(request, publicOrigin: publicOrigin),
                logger: context.logger)
        }
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
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let key = request.headers[.idempotencyKey]
        let body = try await request.decode(as: SaveAnswersRequest.self, context: context)
        return try await StudentAttemptActions.Refusal.answering {
            try await actions.save(
                body.answers, attemptID: attemptID, idempotencyKey: key, studentID: context.user.id,
                access: AttemptAccess(request, publicOrigin: publicOrigin), logger: context.logger)
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
            throw HTTPFailure.conflict("api-student.attempt-already-submitted", ["attempt": .integer(attemptID)])
        }
    }

    @Sendable func flag(_ request: Request, context: AuthenticatedContext) async throws -> AttemptFlags {
        try await flag(.flag, context: context)
    }

    @Sendable func unflag(_ request: Request, context: AuthenticatedContext) async throws -> AttemptFlags {
        try await flag(.unflag, context: context)
    }

    /// Reads which question, and answers what the one flag rule (`StudentAttemptActions.flag`) did.
    private func flag(_ change: AttemptFlagRepository.Change, context: AuthenticatedContext) async throws -> AttemptFlags {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let questionID = try context.parameters.require("questionId", as: Int.self)
        return try await StudentAttemptActions.Refusal.answering {
            try await actions.flag(
                change, attemptID: attemptID, questionID: questionID, studentID: context.user.id, logger: context.logger)
        }
    }

    /// What is answered and flagged; past its deadline the attempt is submitted first.
    @Sendable func summary(_ request: Request, context: AuthenticatedContext) async throws -> AttemptSummary {
        let attempt = try await attempt(request, context: context)
        return AttemptSummary(
            attempt: attempt, flagged: Set(try await flags.flags(attemptID: attempt.attemptId, logger: context.logger)))
    }

    private static func noSuchAttempt(_ attemptID: Int) -> HTTPFailure {
        StudentAttemptActions.Refusal.noSuchAttempt(attemptID: attemptID).failure
    }
}

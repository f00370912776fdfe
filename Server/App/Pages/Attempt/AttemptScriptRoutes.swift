import ExamPrepShared
import Hummingbird

/// What the attempt page's script calls: `PUT /attempts/{attemptId}/answers` (the API's save,
/// `Idempotency-Key` and sequences included), `PUT`, `DELETE
/// /attempts/{attemptId}/flags/{questionId}` and `POST /attempts/{attemptId}/focus`. They answer JSON, as the API does, and are reached
/// with the session cookie and the page's CSRF token in `X-CSRF-Token` (`CSRFMiddleware`): the
/// page never holds a bearer token, and `/api/*` never reads the cookie (docs/WEB.md says why).
struct AttemptScriptRoutes {
    let attempts: AttemptRepository
    let flags: AttemptFlagRepository
    let clock: ServerClock
    /// `PUBLIC_URL`'s origin, for Safe Exam Browser's check of a save (`AttemptAccess`).
    var publicOrigin: String? = nil

    private var actions: StudentAttemptActions { StudentAttemptActions(attempts: attempts, flags: flags, clock: clock) }

    func addRoutes(to pages: RouterGroup<PageContext>) {
        pages.put("/attempts/:attemptId/answers", use: save)
        pages.put("/attempts/:attemptId/flags/:questionId", use: flag)
        pages.delete("/attempts/:attemptId/flags/:questionId", use: unflag)
        pages.post("/attempts/:attemptId/focus", use: focus)
    }

    /// The periods the page was left, as the API's `POST …/focus` keeps them.
    @Sendable func focus(_ request: Request, context: PageContext) async throws -> FocusPeriodsResponse {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let body = try await request.decode(as: FocusPeriodsRequest.self, context: context)
        return try await StudentAttemptActions.Refusal.answering {
            try await actions.recordFocus(
                body.periods, attemptID: attemptID, studentID: context.user.id, access: AttemptAccess(request, publicOrigin: publicOrigin),
                logger: context.logger)
        }
    }

    @Sendable func save(_ request: Request, context: PageContext) async throws -> SaveAnswersResponse {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let key = request.headers[.idempotencyKey]
        let body = try await request.decode(as: SaveAnswersRequest.self, context: context)
        return try await StudentAttemptActions.Refusal.answering {
            try await actions.save(
                body.answers, attemptID: attemptID, idempotencyKey: key, studentID: context.user.id,
                access: AttemptAccess(request, publicOrigin: publicOrigin), logger: context.logger)
        }
    }

    @Sendable func flag(_ request: Request, context: PageContext) async throws -> AttemptFlags {
        try await flag(.flag, context: context)
    }

    @Sendable func unflag(_ request: Request, context: PageContext) async throws -> AttemptFlags {
        try await flag(.unflag, context: context)
    }

    /// Reads which question, and answers what the one flag rule (`StudentAttemptActions.flag`) did.
    private func flag(_ change: AttemptFlagRepository.Change, context: PageContext) async throws -> AttemptFlags {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let questionID = try context.parameters.require("questionId", as: Int.self)
        return try await StudentAttemptActions.Refusal.answering {
            try await actions.flag(
                change, attemptID: attemptID, questionID: questionID, studentID: context.user.id, logger: context.logger)
        }
    }
}

import ExamPrepShared
import Hummingbird

/// What the attempt page's script calls: `PUT /attempts/{attemptId}/answers` (the API's save,
/// `Idempotency-Key` and sequences included) and `PUT`, `DELETE
/// /attempts/{attemptId}/flags/{questionId}`. They answer JSON, as the API does, and are reached
/// with the session cookie and the page's CSRF token in `X-CSRF-Token` (`CSRFMiddleware`): the
/// page never holds a bearer token, and `/api/*` never reads the cookie (docs/WEB.md says why).
struct AttemptScriptRoutes {
    let attempts: AttemptRepository
    let flags: AttemptFlagRepository
    let clock: ServerClock

    private var actions: StudentAttemptActions { StudentAttemptActions(attempts: attempts, flags: flags, clock: clock) }

    func addRoutes(to pages: RouterGroup<PageContext>) {
        pages.put("/attempts/:attemptId/answers", use: save)
        pages.put("/attempts/:attemptId/flags/:questionId", use: flag)
        pages.delete("/attempts/:attemptId/flags/:questionId", use: unflag)
    }

    @Sendable func save(_ request: Request, context: PageContext) async throws -> SaveAnswersResponse {
        try await actions.save(request, studentID: context.user.id, context: context)
    }

    @Sendable func flag(_ request: Request, context: PageContext) async throws -> AttemptFlags {
        try await actions.setFlag(true, studentID: context.user.id, context: context)
    }

    @Sendable func unflag(_ request: Request, context: PageContext) async throws -> AttemptFlags {
        try await actions.setFlag(false, studentID: context.user.id, context: context)
    }
}

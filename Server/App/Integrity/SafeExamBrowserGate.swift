import ExamPrepShared
import Hummingbird

/// Lets a request to an attempt of an exam that needs Safe Exam Browser through only with the
/// right `X-SafeExamBrowser-ConfigKeyHash` (`SafeExamBrowserCheck`); anything else is 403 (a
/// page that says to open the exam in Safe Exam Browser, or the API's envelope). Put on the
/// students' routes, API and pages: an attempt's reads, saves, flags, summary, submit and focus
/// periods, and an exam's start page and start. Other requests pass without a look, and so do
/// a save (the API's, the script's and the page form's) and a focus batch: they read the
/// attempt with its exam's rules anyway and check them there (`AttemptAccess`), so the hot path
/// costs no statement more (`SafeExamBrowserTarget.checkedByItsWork`). An attempt of an exam with
/// one place (`oneSession`) is changed (flags, submit, the page's form) only from its place:
/// from another, 409 (`integrity.moved-away`); reading it and moving it here are open to any.
struct SafeExamBrowserGate<Context: RequestContext>: RouterMiddleware {
    let integrity: IntegrityRepository
    /// `PUBLIC_URL`'s origin (`AppConfiguration.publicOrigin`).
    let publicOrigin: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !SafeExamBrowserTarget.checkedByItsWork(request),
            let target = SafeExamBrowserTarget(path: request.uri.path),
            let rules = try await integrity.rules(target, logger: context.logger)
        else { return try await next(request, context) }
        let access = AttemptAccess(request, publicOrigin: publicOrigin)
        switch access.verdict(rules, placeChecked: SafeExamBrowserTarget.changesAttempt(request)) {
        case .passes: return try await next(request, context)
        case .safeExamBrowserRequired: throw HTTPFailure(.forbidden, .forbidden, "integrity.safe-exam-browser-required")
        case .elsewhere: throw HTTPFailure.conflict(Message("integrity.moved-away"), reason: .movedAway)
        }
    }
}

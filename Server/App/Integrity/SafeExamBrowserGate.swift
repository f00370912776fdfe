import ExamPrepShared
import Hummingbird

/// Lets a request to an attempt of an exam that needs Safe Exam Browser through only with the
/// right `X-SafeExamBrowser-ConfigKeyHash` (`SafeExamBrowserCheck`); anything else is 403 (a
/// page that says to open the exam in Safe Exam Browser, or the API's envelope). Put on the
/// students' routes, API and pages: an attempt's reads, saves, flags, summary, submit and focus
/// periods, and an exam's start page and start. Other requests pass without a look.
struct SafeExamBrowserGate<Context: RequestContext>: RouterMiddleware {
    let integrity: IntegrityRepository
    /// `PUBLIC_URL`'s origin (`AppConfiguration.publicOrigin`).
    let publicOrigin: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let target = SafeExamBrowserTarget(path: request.uri.path),
            let keys = try await integrity.safeExamBrowserKeys(target, logger: context.logger)
        else { return try await next(request, context) }
        let url = SafeExamBrowserCheck.absoluteURL(of: request, publicOrigin: publicOrigin)
        guard SafeExamBrowserCheck.passes(sent: request.headers[SafeExamBrowserCheck.header], url: url, keys: keys) else {
            throw HTTPFailure(.forbidden, .forbidden, "integrity.safe-exam-browser-required")
        }
        return try await next(request, context)
    }
}

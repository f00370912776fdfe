import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// Turns every failure of a page into a page: an error page with its status (a bad form is
/// 400, a forged one 403, an unknown course 404, never a 500 for what a browser sent), or,
/// when sign-in is needed, a redirect to the sign-in page. An app's web view (`User-Agent`
/// holding `Turbo Native`) and a script that asked for JSON get the API's error envelope
/// instead, with 401 when sign-in is needed, so they can sign in natively.
struct PageErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let renderer: PageRenderer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let failure = Self.failure(for: error, context: context)
            if Self.wantsJSON(request) {
                let code: ErrorCode =
                    switch failure.status {
                    case .unauthorized: .unauthorized
                    case .forbidden: .forbidden
                    case .notFound: .notFound
                    case .conflict: .conflict
                    case .contentTooLarge: .payloadTooLarge
                    case .tooManyRequests: .rateLimited
                    case .serviceUnavailable: .unavailable
                    default: failure.status.code >= 500 ? .internal : .validationFailed
                    }
                return HTTPFailure(failure.status, code, failure.message, retryAfter: failure.retryAfter).response
            }
            if failure.status == .unauthorized {
                return PageRenderer.redirect(to: "/login" + SignInTarget.query(for: request))
            }
            let frame = PageFrame(context)
            var response = renderer.render(
                "error", title: failure.status.reasonPhrase, frame: frame,
                page: ErrorPage(message: failure.message, status: failure.status.code),
                status: failure.status)
            if let retryAfter = failure.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
            return response
        }
    }

    struct ErrorPage: Sendable {
        var message: String
        var status: Int
    }

    static func failure(for error: any Error, context: Context) -> PageFailure {
        switch error {
        case let failure as PageFailure: failure
        case let failure as HTTPFailure: PageFailure(failure)
        default:
            // The API's mapping decides the status (400 for bad input, 503 when the database is
            // away) and logs what it does not know, once.
            PageFailure(ErrorMiddleware<Context>.failure(for: error, logger: context.logger))
        }
    }

    /// An app's web view, or a caller that prefers JSON to HTML.
    static func wantsJSON(_ request: Request) -> Bool {
        if let agent = request.headers[.userAgent], agent.contains("Turbo Native") { return true }
        // HTML first: no `Accept`, `*/*` or a tie gets the page.
        return AcceptHeader.choose(request.headers[.accept], from: [("text/html", false), ("application/json", true)]) == true
    }
}

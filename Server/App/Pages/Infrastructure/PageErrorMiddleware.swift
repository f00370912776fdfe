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
                // The refusal's reason stays (a one-place attempt's `moved_away`: the page's script acts on it).
                return HTTPFailure(
                    failure.status, code, failure.message, reason: (error as? HTTPFailure)?.reason, retryAfter: failure.retryAfter
                ).response(in: context.catalogue)
            }
            if failure.status == .unauthorized {
                return PageRenderer.redirect(to: "/login" + SignInTarget.query(for: request))
            }
            let frame = PageFrame(context)
            var response = renderer.render(
                "error", title: Self.title(of: failure.status, context.catalogue), frame: frame,
                page: ErrorPage(message: context.catalogue.string(failure.message), status: failure.status.code),
                status: failure.status)
            if let retryAfter = failure.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
            return response
        }
    }

    struct ErrorPage: Sendable {
        var message: String
        var status: Int
    }

    /// The error page's title: its status in words.
    static func title(of status: HTTPResponse.Status, _ catalogue: Catalogue) -> String {
        let key: String? =
            switch status.code {
            case 400: "signin.status-400"
            case 403: "signin.status-403"
            case 404: "signin.status-404"
            case 405: "signin.status-405"
            case 409: "signin.status-409"
            case 410: "signin.status-410"
            case 413: "signin.status-413"
            case 415: "signin.status-415"
            case 429: "signin.status-429"
            case 500: "signin.status-500"
            case 503: "signin.status-503"
            default: nil
            }
        return catalogue.string(key.map { Message($0) } ?? Message("signin.status-other", ["code": .integer(status.code)]))
    }

    static func failure(for error: any Error, context: Context) -> PageFailure {
        switch error {
        case let failure as PageFailure: failure
        case let failure as HTTPFailure: PageFailure(failure)
        default:
            // The API's mapping decides the status (400 for bad input, 503 when the database is
            // away) and logs what it does not know, once.
            PageFailure(ErrorMiddleware.failure(for: error, logger: context.logger))
        }
    }

    /// An app's web view, or a caller that prefers JSON to HTML.
    static func wantsJSON(_ request: Request) -> Bool {
        if let agent = request.headers[.userAgent], agent.contains("Turbo Native") { return true }
        // HTML first: no `Accept`, `*/*` or a tie gets the page.
        return AcceptHeader.choose(request.headers[.accept], from: [("text/html", false), ("application/json", true)]) == true
    }
}

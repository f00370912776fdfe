import Hummingbird

/// A page request that cannot be answered with its page: shown as an error page with its
/// status (or, for `signInRequired`, a redirect to the sign-in page).
struct PageFailure: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String
    /// Seconds until a limit that refused the request frees up (`Retry-After`).
    var retryAfter: Int?

    init(_ status: HTTPResponse.Status, _ message: String, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
    }

    /// The API's failure, as a page says it.
    init(_ failure: HTTPFailure) {
        self.init(failure.status, failure.message, retryAfter: failure.retryAfter)
    }

    static let signInRequired = PageFailure(.unauthorized, "Sign in to see this page.")
    static let forgedRequest = PageFailure(
        .forbidden, "This form did not come from this site, or it is too old. Go back, reload the page and try again.")
    static let studentsOnly = PageFailure(.forbidden, "These pages are for students.")

    static func notFound(_ message: String) -> PageFailure { PageFailure(.notFound, message) }
    static func badRequest(_ message: String) -> PageFailure { PageFailure(.badRequest, message) }
}

import ExamPrepShared
import Hummingbird

/// A page request that cannot be answered with its page: shown as an error page with its
/// status (or, for `signInRequired`, a redirect to the sign-in page), its sentence said in
/// the page's language.
struct PageFailure: Error, Sendable {
    var status: HTTPResponse.Status
    var message: Message
    /// Seconds until a limit that refused the request frees up (`Retry-After`).
    var retryAfter: Int?

    init(_ status: HTTPResponse.Status, _ message: Message, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
    }

    init(_ status: HTTPResponse.Status, _ key: String, _ values: [String: MessageValue] = [:], retryAfter: Int? = nil) {
        self.init(status, Message(key, values), retryAfter: retryAfter)
    }

    /// The API's failure, as a page says it.
    init(_ failure: HTTPFailure) {
        self.init(failure.status, failure.message, retryAfter: failure.retryAfter)
    }

    static let signInRequired = PageFailure(.unauthorized, "errors.sign-in-required")
    static let forgedRequest = PageFailure(.forbidden, "errors.forged-form")
    static let studentsOnly = PageFailure(.forbidden, "errors.students-only")

    static func notFound(_ key: String, _ values: [String: MessageValue] = [:]) -> PageFailure { PageFailure(.notFound, key, values) }
    static func badRequest(_ key: String, _ values: [String: MessageValue] = [:]) -> PageFailure { PageFailure(.badRequest, key, values) }
}

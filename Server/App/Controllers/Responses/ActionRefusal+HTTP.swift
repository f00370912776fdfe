import ExamPrepShared
import HTTPTypes

extension ActionRefusal {
    /// The refusal as the API answers it (`ErrorMiddleware`), and the pages with it: 404, 409,
    /// 409 `limit_reached` for a cap, 400 `validation_failed`, 503 with `Retry-After`, 429 with
    /// `Retry-After` for a limit.
    var failure: HTTPFailure {
        switch kind {
        case .notFound: HTTPFailure(.notFound, .notFound, message)
        case .conflict: HTTPFailure.conflict(message)
        case .capReached: HTTPFailure.conflict(message, code: .limitReached)
        case .invalid: HTTPFailure.validation(message)
        case .busy: HTTPFailure.unavailable(message)
        case .limited(let retryAfter): HTTPFailure.tooManyAttempts(message, retryAfter: retryAfter)
        }
    }
}

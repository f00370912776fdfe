import ExamPrepShared
import HTTPTypes

/// The one error type handlers throw. It carries the status, the stable code and a message
/// meant for a person; `ErrorMiddleware` turns it (and anything else) into `ErrorResponse`.
struct APIError: Error, Sendable {
    var status: HTTPResponse.Status
    var code: ErrorCode
    var message: String
    /// Seconds for a `Retry-After` header (429, 503).
    var retryAfter: Int?
    /// The methods for an `Allow` header (405).
    var allow: String?

    init(_ status: HTTPResponse.Status, _ code: ErrorCode, _ message: String, retryAfter: Int? = nil, allow: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
        self.allow = allow
    }

    static func validation(_ message: String) -> APIError {
        APIError(.badRequest, .validationFailed, message)
    }

    static let invalidCredentials = APIError(.badRequest, .invalidCredentials, "Email or password is incorrect.")
    static let missingToken = APIError(.unauthorized, .unauthorized, "A bearer token is required.")
    static let invalidToken = APIError(.unauthorized, .unauthorized, "The access token is not valid.")
    static let expiredToken = APIError(.unauthorized, .tokenExpired, "The access token has expired.")
    static let sessionEnded = APIError(.unauthorized, .unauthorized, "The session has ended; log in again.")
    static let invalidRefreshToken = APIError(.unauthorized, .unauthorized, "The refresh token is not valid.")
    static let forbidden = APIError(.forbidden, .forbidden, "Your role may not use this route.")
    static let notFound = APIError(.notFound, .notFound, "No such route.")
    static let internalError = APIError(.internalServerError, .internal, "Something went wrong on our side.")

    static func unavailable(_ message: String = "The service is temporarily unavailable; try again shortly.", retryAfter: Int = 2)
        -> APIError
    {
        APIError(.serviceUnavailable, .unavailable, message, retryAfter: retryAfter)
    }
}

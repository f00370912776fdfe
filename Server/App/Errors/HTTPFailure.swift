import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// The HTTP answer to a failed request: status, stable code and a message for a person.
/// Only controllers and middleware throw it; everything below them answers in domain terms
/// (outcome enums, `InvalidInput`, `PostgresError`), which `ErrorMiddleware` maps here.
///
/// It is Hummingbird's `HTTPResponseError`, so it renders itself as the API's envelope.
struct HTTPFailure: Error, Sendable, HTTPResponseError {
    var status: HTTPResponse.Status
    var code: ErrorCode
    var message: String
    /// Why, more exactly than `code`, for a program to act on (some 409s).
    var reason: ErrorReason?
    /// Seconds for a `Retry-After` header (429, 503).
    var retryAfter: Int?
    /// The methods for an `Allow` header (405).
    var allow: String?

    init(
        _ status: HTTPResponse.Status, _ code: ErrorCode, _ message: String, reason: ErrorReason? = nil, retryAfter: Int? = nil,
        allow: String? = nil
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.reason = reason
        self.retryAfter = retryAfter
        self.allow = allow
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        response
    }

    /// The envelope `{"success": false, "message": …, "error": …}` (with `"reason"` when there
    /// is one) with its headers.
    var response: Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if let allow { headers[.allow] = allow }
        let body = ErrorResponse(message: message, error: code, reason: reason)
        let data = (try? JSONNodeEncoder.encode(body)) ?? Array(#"{"success":false}"#.utf8)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension HTTPFailure {
    static func validation(_ message: String) -> HTTPFailure {
        HTTPFailure(.badRequest, .validationFailed, message)
    }

    static func notFound(_ message: String) -> HTTPFailure {
        HTTPFailure(.notFound, .notFound, message)
    }

    static func conflict(_ message: String, code: ErrorCode = .conflict, reason: ErrorReason? = nil) -> HTTPFailure {
        HTTPFailure(.conflict, code, message, reason: reason)
    }

    static func tooManyAttempts(_ message: String, retryAfter seconds: Int) -> HTTPFailure {
        HTTPFailure(.tooManyRequests, .rateLimited, message, retryAfter: seconds)
    }

    /// 429 naming the limit that was hit and when it frees up.
    static func limited(_ refusal: RateLimiter.Refusal) -> HTTPFailure {
        .tooManyAttempts(refusal.message, retryAfter: refusal.retryAfter)
    }

    static func unavailable(_ message: String = "The service is temporarily unavailable; try again shortly.", retryAfter: Int = 2)
        -> HTTPFailure
    {
        HTTPFailure(.serviceUnavailable, .unavailable, message, retryAfter: retryAfter)
    }

    static let invalidCredentials = HTTPFailure(.badRequest, .invalidCredentials, "Email or password is incorrect.")
    static let missingToken = HTTPFailure(.unauthorized, .unauthorized, "A bearer token is required.")
    static let invalidToken = HTTPFailure(.unauthorized, .unauthorized, "The access token is not valid.")
    static let expiredToken = HTTPFailure(.unauthorized, .tokenExpired, "The access token has expired.")
    static let sessionEnded = HTTPFailure(.unauthorized, .unauthorized, "The session has ended; log in again.")
    static let invalidRefreshToken = HTTPFailure(.unauthorized, .unauthorized, "The refresh token is not valid.")
    static let accountDisabled = HTTPFailure(
        .forbidden, .forbidden, "This account is disabled; ask your school's ExamPrep administrator.")
    static let forbidden = HTTPFailure(.forbidden, .forbidden, "Your role may not use this route.")
    static let noSuchRoute = HTTPFailure(.notFound, .notFound, "No such route.")
    static let internalError = HTTPFailure(.internalServerError, .internal, "Something went wrong on our side.")
}

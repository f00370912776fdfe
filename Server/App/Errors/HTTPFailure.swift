import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// The HTTP answer to a failed request: status, stable code and a message for a person, said
/// in the request's language when the answer is written (`response(in:)`).
/// Only controllers and middleware throw it; everything below them answers in domain terms
/// (outcome enums, `InvalidInput`, `PostgresError`), which `ErrorMiddleware` maps here.
///
/// It is Hummingbird's `HTTPResponseError`, so it renders itself as the API's envelope.
struct HTTPFailure: Error, Sendable, HTTPResponseError {
    var status: HTTPResponse.Status
    var code: ErrorCode
    var message: Message
    /// Why, more exactly than `code`, for a program to act on (some 409s).
    var reason: ErrorReason?
    /// Seconds for a `Retry-After` header (429, 503).
    var retryAfter: Int?
    /// The methods for an `Allow` header (405).
    var allow: String?

    init(
        _ status: HTTPResponse.Status, _ code: ErrorCode, _ message: Message, reason: ErrorReason? = nil, retryAfter: Int? = nil,
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
        response(in: (context as? AppRequestContext)?.catalogue ?? .of(.en))
    }

    /// The envelope `{"success": false, "message": …, "error": …}` (with `"reason"` when there
    /// is one) with its headers, the message in `catalogue`'s language (the code never changes).
    func response(in catalogue: Catalogue) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .contentLanguage: catalogue.language.rawValue]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if let allow { headers[.allow] = allow }
        let body = ErrorResponse(message: catalogue.string(message), error: code, reason: reason)
        let data = (try? JSONNodeEncoder.encode(body)) ?? Array(#"{"success":false}"#.utf8)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension HTTPFailure {
    /// A failure whose sentence is `key` in the catalogues, with its values.
    init(
        _ status: HTTPResponse.Status, _ code: ErrorCode, _ key: String, _ values: [String: MessageValue] = [:], reason: ErrorReason? = nil,
        retryAfter: Int? = nil, allow: String? = nil
    ) {
        self.init(status, code, Message(key, values), reason: reason, retryAfter: retryAfter, allow: allow)
    }

    static func validation(_ message: Message) -> HTTPFailure {
        HTTPFailure(.badRequest, .validationFailed, message)
    }

    static func validation(_ key: String, _ values: [String: MessageValue] = [:]) -> HTTPFailure {
        validation(Message(key, values))
    }

    static func notFound(_ key: String, _ values: [String: MessageValue] = [:]) -> HTTPFailure {
        HTTPFailure(.notFound, .notFound, Message(key, values))
    }

    static func conflict(_ message: Message, code: ErrorCode = .conflict, reason: ErrorReason? = nil) -> HTTPFailure {
        HTTPFailure(.conflict, code, message, reason: reason)
    }

    static func conflict(_ key: String, _ values: [String: MessageValue] = [:], code: ErrorCode = .conflict, reason: ErrorReason? = nil)
        -> HTTPFailure
    {
        conflict(Message(key, values), code: code, reason: reason)
    }

    static func tooManyAttempts(_ message: Message, retryAfter seconds: Int) -> HTTPFailure {
        HTTPFailure(.tooManyRequests, .rateLimited, message, retryAfter: seconds)
    }

    /// 429 naming the limit that was hit and when it frees up.
    static func limited(_ refusal: RateLimiter.Refusal) -> HTTPFailure {
        .tooManyAttempts(refusal.message, retryAfter: refusal.retryAfter)
    }

    static func unavailable(_ message: Message = Message("errors.unavailable"), retryAfter: Int = 2) -> HTTPFailure {
        HTTPFailure(.serviceUnavailable, .unavailable, message, retryAfter: retryAfter)
    }

    static let invalidCredentials = HTTPFailure(.badRequest, .invalidCredentials, "errors.invalid-credentials")
    static let missingToken = HTTPFailure(.unauthorized, .unauthorized, "errors.missing-token")
    static let invalidToken = HTTPFailure(.unauthorized, .unauthorized, "errors.invalid-token")
    static let expiredToken = HTTPFailure(.unauthorized, .tokenExpired, "errors.expired-token")
    static let sessionEnded = HTTPFailure(.unauthorized, .unauthorized, "errors.session-ended")
    static let invalidRefreshToken = HTTPFailure(.unauthorized, .unauthorized, "errors.invalid-refresh-token")
    static let accountDisabled = HTTPFailure(.forbidden, .forbidden, "errors.account-disabled")
    static let forbidden = HTTPFailure(.forbidden, .forbidden, "errors.forbidden-role")
    static let noSuchRoute = HTTPFailure(.notFound, .notFound, "errors.no-such-route")
    static let internalError = HTTPFailure(.internalServerError, .internal, "errors.internal")
}

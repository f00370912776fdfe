import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// The HTTP answer to a failed request: status, stable code and a message for a person.
/// Only controllers and middleware throw it; everything below them answers in domain terms
/// (outcome enums, `InvalidInput`, `PostgresError`), which `ErrorMiddleware` maps here.
///
/// It is Hummingbird's `HTTPResponseError`, so it renders itself as the API's envelope.
struct APIError: Error, Sendable, HTTPResponseError {
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

    func response(from request: Request, context: some RequestContext) throws -> Response {
        response
    }

    /// The envelope `{"success": false, "message": …, "error": …}` with its headers.
    var response: Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if let allow { headers[.allow] = allow }
        let body = ErrorResponse(message: message, error: code)
        let data = (try? JSONNodeEncoder.encode(body)) ?? Array(#"{"success":false}"#.utf8)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension APIError {
    static func validation(_ message: String) -> APIError {
        APIError(.badRequest, .validationFailed, message)
    }

    static func notFound(_ message: String) -> APIError {
        APIError(.notFound, .notFound, message)
    }

    static func conflict(_ message: String, code: ErrorCode = .conflict) -> APIError {
        APIError(.conflict, code, message)
    }

    static func tooManyAttempts(_ message: String, retryAfter seconds: Int) -> APIError {
        APIError(.tooManyRequests, .rateLimited, message, retryAfter: seconds)
    }

    static func unavailable(_ message: String = "The service is temporarily unavailable; try again shortly.", retryAfter: Int = 2)
        -> APIError
    {
        APIError(.serviceUnavailable, .unavailable, message, retryAfter: retryAfter)
    }

    static let invalidCredentials = APIError(.badRequest, .invalidCredentials, "Email or password is incorrect.")
    static let missingToken = APIError(.unauthorized, .unauthorized, "A bearer token is required.")
    static let invalidToken = APIError(.unauthorized, .unauthorized, "The access token is not valid.")
    static let expiredToken = APIError(.unauthorized, .tokenExpired, "The access token has expired.")
    static let sessionEnded = APIError(.unauthorized, .unauthorized, "The session has ended; log in again.")
    static let invalidRefreshToken = APIError(.unauthorized, .unauthorized, "The refresh token is not valid.")
    static let forbidden = APIError(.forbidden, .forbidden, "Your role may not use this route.")
    static let noSuchRoute = APIError(.notFound, .notFound, "No such route.")
    static let internalError = APIError(.internalServerError, .internal, "Something went wrong on our side.")
}

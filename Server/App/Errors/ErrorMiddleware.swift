import ExamPrepPostgres
import ExamPrepShared
import Hummingbird
import Foundation
import Logging

/// Turns every error into the API's envelope `{success:false, message, error}`.
///
/// `APIError` passes through as it is; Hummingbird's own HTTP errors keep their status;
/// database outages become 503; anything else becomes a 500 whose body says nothing, while
/// the detail goes to the log with the request id.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let apiError = Self.apiError(for: error, context: context)
            return ErrorMiddleware.response(for: apiError)
        }
    }

    static func apiError(for error: any Error, context: Context) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as PostgresError where error.isUnavailable:
            context.logger.error("database unavailable", metadata: ["error": "\(error)"])
            return .unavailable()
        case let error as PostgresError where error.kind == .invalidParameter:
            // A value PostgreSQL cannot store (a NUL in text) that validation let through.
            context.logger.warning("value refused by the data layer", metadata: ["error": "\(error.message)"])
            return .validation("The request contains a value that cannot be stored (such as a NUL character).")
        case let error as any HTTPResponseError:
            return apiError(forStatus: error.status)
        case is CancellationError:
            return .unavailable("The request was cancelled.")
        default:
            context.logger.error("unexpected error", metadata: ["error": "\(String(reflecting: error))"])
            return .internalError
        }
    }

    /// Maps the statuses Hummingbird raises itself (unknown route, body too large, ...).
    static func apiError(forStatus status: HTTPResponse.Status) -> APIError {
        switch status {
        case .notFound: .notFound
        case .methodNotAllowed: APIError(status, .methodNotAllowed, "This method is not allowed here.")
        case .contentTooLarge: APIError(status, .payloadTooLarge, "The request body is too large.")
        case .unsupportedMediaType: APIError(status, .unsupportedMediaType, "Send JSON with Content-Type: application/json.")
        case .badRequest: .validation("The request is malformed.")
        case .unauthorized: .missingToken
        case .forbidden: .forbidden
        case .serviceUnavailable: .unavailable()
        case .tooManyRequests: APIError(status, .rateLimited, "Too many requests.")
        default:
            status.code >= 500 ? .internalError : APIError(status, .validationFailed, status.reasonPhrase)
        }
    }

    static func response(for error: APIError) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter = error.retryAfter {
            headers[.retryAfter] = String(retryAfter)
        }
        if let allow = error.allow {
            headers[.allow] = allow
        }
        let body = ErrorResponse(message: error.message, error: error.code)
        let data = (try? ExamPrepJSON.makeEncoder().encode(body)) ?? Data(#"{"success":false}"#.utf8)
        return Response(status: error.status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

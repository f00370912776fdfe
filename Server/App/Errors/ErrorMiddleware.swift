import ExamPrepPostgres
import ExamPrepRules
import ExamPrepShared
import Hummingbird
import Logging

/// Turns every error into the API's envelope. The one place where errors that are not an
/// `HTTPFailure` get their HTTP status:
///
/// - `HTTPFailure` (thrown by controllers and middleware) passes through as it is;
/// - a use case's `ActionRefusal` is its `failure` (404, 409, 429, …);
/// - `InvalidInput` is 400 `validation_failed`, and so is a value PostgreSQL cannot store
///   (a NUL in text) and Hummingbird's own 400;
/// - `HashingOverloaded`, `MailQueueFull`, an unreachable database, a transaction PostgreSQL
///   ended to resolve a deadlock and a start whose bank draw edits kept replacing
///   (`BankDrawStatements.Raced`) are 503 with `Retry-After`; a cancelled request is 503 too;
/// - Hummingbird's other HTTP errors keep their status (`failure(forStatus:)`);
/// - anything else is a 500 whose body says nothing, while the detail goes to the log with
///   the request id.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return Self.failure(for: error, logger: context.logger).response(in: context.catalogue)
        }
    }

    static func failure(for error: any Error, logger: Logger) -> HTTPFailure {
        switch error {
        case let error as HTTPFailure:
            return error
        case let error as InvalidInput:
            return .validation(error.message)
        case let refusal as ActionRefusal:
            return refusal.failure
        case let error as HashingOverloaded:
            return .unavailable(Message("errors.hashing-busy"), retryAfter: error.retryAfter)
        case is MailQueueFull:
            return .unavailable(Message("errors.mail-queue-full"), retryAfter: 60)
        case let error as PostgresError where error.isUnavailable:
            logger.error("database unavailable", metadata: ["error": "\(error)"])
            // A lease the pool's line turned away comes back when the line has room for it.
            return error.retryAfter.map { .unavailable(retryAfter: $0) } ?? .unavailable()
        case let error as PostgresError where error.isTransactionConflict:
            // A deadlock or serialization failure PostgreSQL resolved by ending this transaction.
            logger.warning("transaction conflict", metadata: ["error": "\(error)"])
            return .collided
        case is BankDrawStatements.Raced:
            // Edits of the bank replaced what the start drew, every time it drew again.
            logger.warning("bank draw lost to edits every time")
            return .collided
        case let error as PostgresError where error.kind == .invalidParameter:
            // A value PostgreSQL cannot store (a NUL in text) that validation let through.
            logger.warning("value refused by the data layer", metadata: ["error": "\(error.message)"])
            return .validation("errors.unstorable-value")
        case let error as HTTPError where error.status == .badRequest:
            return error.body.map { .validation("errors.malformed-because", ["detail": .text($0)]) } ?? .validation("errors.malformed")
        case let error as any HTTPResponseError:
            return failure(forStatus: error.status)
        case is CancellationError:
            return .unavailable(Message("errors.cancelled"))
        default:
            logger.error("unexpected error", metadata: ["error": "\(String(reflecting: error))"])
            return .internalError
        }
    }

    /// Maps the statuses Hummingbird raises itself (unknown route, body too large, ...).
    static func failure(forStatus status: HTTPResponse.Status) -> HTTPFailure {
        switch status {
        case .notFound: .noSuchRoute
        case .methodNotAllowed: HTTPFailure(status, .methodNotAllowed, "errors.method-not-allowed")
        case .contentTooLarge: .payloadTooLarge
        case .unsupportedMediaType: .unsupportedMediaType
        case .badRequest: .validation("errors.malformed")
        case .unauthorized: .missingToken
        case .forbidden: .forbidden
        case .serviceUnavailable: .unavailable()
        case .tooManyRequests: HTTPFailure(status, .rateLimited, "errors.too-many-requests")
        case .requestTimeout: HTTPFailure(status, .timeout, "errors.request-timeout")
        default:
            status.code >= 500 ? .internalError : HTTPFailure(status, .validationFailed, "errors.status", ["code": .integer(status.code)])
        }
    }
}

extension HTTPFailure {
    /// Another request changed what this one read before it could finish: a moment later it goes through.
    static let collided = HTTPFailure.unavailable(Message("errors.collided"), retryAfter: 1)
    static let payloadTooLarge = HTTPFailure(.contentTooLarge, .payloadTooLarge, "errors.body-too-large")
    static let unsupportedMediaType = HTTPFailure(
        .unsupportedMediaType, .unsupportedMediaType, "errors.send-json")
    static let notPlainText = HTTPFailure(
        .unsupportedMediaType, .unsupportedMediaType, "errors.send-plain-text")
    static let notCSV = HTTPFailure(
        .unsupportedMediaType, .unsupportedMediaType, "errors.send-csv")
}

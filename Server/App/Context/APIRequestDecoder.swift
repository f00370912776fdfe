import ExamPrepShared
import Foundation
import Hummingbird

/// Hummingbird's `requestDecoder` for the API: collects the body (at most the context's
/// upload limit, else 413), checks that it is JSON (else 415) and decodes it with the API's
/// JSON conventions for requests (every date one a client may send: `RequestDate`). Every way a body
/// can be wrong becomes `InvalidInput` whose message names the field at fault.
struct APIRequestDecoder: RequestDecoder {
    func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        guard buffer.readableBytes > 0 else { throw InvalidInput("A JSON body is required.") }
        guard JSONBodyMiddleware<AppRequestContext>.isJSON(request) else { throw HTTPFailure.unsupportedMediaType }
        // JSON is UTF-8 (RFC 8259); Foundation's decoder would let broken bytes through.
        guard String(validating: buffer.readableBytesView, as: UTF8.self) != nil else {
            throw InvalidInput("The body is not valid UTF-8.")
        }
        do {
            return try ExamPrepJSON.makeRequestDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw InvalidInput(Self.message(for: error))
        }
    }

    static func message(for error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            let field = CodingPath.describe(context.codingPath + [key])
            return "'\(field)' is required." + detail(context)
        case .valueNotFound(_, let context):
            return "'\(CodingPath.describe(context.codingPath))' must not be null."
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty { return "The body must be a JSON object." }
            return "'\(CodingPath.describe(context.codingPath))' must be \(describe(type))."
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "The body is not valid JSON." }
            return "'\(CodingPath.describe(context.codingPath))' is invalid: \(context.debugDescription)."
        @unknown default:
            return "The body could not be read."
        }
    }

    private static func detail(_ context: DecodingError.Context) -> String {
        let text = context.debugDescription
        if text.hasPrefix("No value associated with key") { return "" }
        return " " + text.prefix(1).uppercased() + text.dropFirst() + "."
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "an integer"
        case is Bool.Type: "true or false"
        case is Double.Type: "a number"
        case is [Any].Type: "an array"
        default: "of type \(type)"
        }
    }
}

extension Request {
    /// The body as `type`, or nil when there is none (routes whose body is optional).
    func decodeIfPresent<T: Decodable>(as type: T.Type, context: some RequestContext) async throws -> T? {
        var request = self
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        guard buffer.readableBytes > 0 else { return nil }
        return try await request.decode(as: type, context: context)
    }
}

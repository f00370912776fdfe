import ExamPrepRules
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
        guard buffer.readableBytes > 0 else { throw InvalidInput("validation.body.required") }
        guard JSONBodyMiddleware<AppRequestContext>.isJSON(request) else { throw HTTPFailure.unsupportedMediaType }
        // JSON is UTF-8 (RFC 8259); Foundation's decoder would let broken bytes through.
        guard String(validating: buffer.readableBytesView, as: UTF8.self) != nil else {
            throw InvalidInput("validation.body.not-utf8")
        }
        do {
            return try ExamPrepJSON.makeRequestDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw InvalidInput(Self.message(for: error))
        }
    }

    /// What is wrong with the body, naming the field at fault by its JSON path. A reason the
    /// decoder gives in words (a Decodable type's own check) is passed on as it is.
    static func message(for error: DecodingError) -> Message {
        switch error {
        case .keyNotFound(let key, let context):
            let field = MessageValue.text(CodingPath.describe(context.codingPath + [key]))
            guard let detail = detail(context) else { return Message("validation.body.field-required", ["field": field]) }
            return Message("validation.body.field-required-because", ["field": field, "detail": detail])
        case .valueNotFound(_, let context):
            return Message("validation.body.field-null", ["field": .text(CodingPath.describe(context.codingPath))])
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty { return Message("validation.body.not-object") }
            return Message(
                "validation.body.field-type", ["field": .text(CodingPath.describe(context.codingPath)), "type": .message(describe(type))])
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return Message("validation.body.not-json") }
            return Message(
                "validation.body.field-invalid",
                ["field": .text(CodingPath.describe(context.codingPath)), "detail": reason(context)])
        @unknown default:
            return Message("validation.body.unreadable")
        }
    }

    /// The decoder's reason a key is missing, unless it only says that it is: ours by key
    /// (written as a sentence), Foundation's capitalised.
    private static func detail(_ context: DecodingError.Context) -> MessageValue? {
        if let reason = context.underlyingError as? DecodingReason { return .message(reason.message) }
        let text = context.debugDescription
        if text.hasPrefix("No value associated with key") { return nil }
        return .text(text.prefix(1).uppercased() + text.dropFirst())
    }

    /// Why a value was refused: ours by key, else as the decoder says it.
    private static func reason(_ context: DecodingError.Context) -> MessageValue {
        (context.underlyingError as? DecodingReason).map { .message($0.message) } ?? .text(context.debugDescription)
    }

    /// What a field must hold, as said inside `validation.body.field-type`.
    private static func describe(_ type: Any.Type) -> Message {
        switch type {
        case is String.Type: Message("validation.body.type.string")
        case is Int.Type, is Int64.Type: Message("validation.body.type.integer")
        case is Bool.Type: Message("validation.body.type.bool")
        case is Double.Type: Message("validation.body.type.number")
        case is [Any].Type: Message("validation.body.type.array")
        default: Message("validation.body.type.named", ["type": .text("\(type)")])
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

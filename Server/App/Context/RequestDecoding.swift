import ExamPrepShared
import Foundation
import Hummingbird

extension Request {
    /// Decodes the JSON body into `type`, turning every way a body can be wrong into a 400
    /// that names the field. `JSONBodyMiddleware` has already enforced size and media type.
    func decodeJSON<Body: Decodable>(_ type: Body.Type, context: some RequestContext) async throws -> Body {
        let buffer = try await body.collect(upTo: context.maxUploadSize)
        guard buffer.readableBytes > 0 else {
            throw APIError.validation("A JSON body is required.")
        }
        do {
            return try ExamPrepJSON.makeDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw APIError.validation(DecodingErrorDescription.message(for: error))
        }
    }
}

/// Human-readable messages for `DecodingError`, naming the field at fault.
enum DecodingErrorDescription {
    static func message(for error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            let field = fieldName(context.codingPath + [key])
            return "'\(field)' is required." + detail(context)
        case .valueNotFound(_, let context):
            return "'\(fieldName(context.codingPath))' must not be null."
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty { return "The body must be a JSON object." }
            return "'\(fieldName(context.codingPath))' must be \(describe(type))."
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "The body is not valid JSON." }
            return "'\(fieldName(context.codingPath))' is invalid: \(context.debugDescription)."
        @unknown default:
            return "The body could not be read."
        }
    }

    private static func fieldName(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
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
        default: "of type \(type)"
        }
    }
}

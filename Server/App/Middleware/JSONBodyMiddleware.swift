import Foundation
import Hummingbird

/// Enforces the API's body rules before any handler runs, without reading the body (a
/// protected route checks the bearer token first, and the body is read only by the handler
/// that decodes it): a declared length above 1 MiB is 413, a declared non-empty body that is
/// not JSON is 415. A chunked body's size and emptiness are known only once it is read:
/// `APIRequestDecoder` applies the same rules then.
///
/// When a client sends several `Content-Type` headers, the first one counts (as Node, which
/// the first version ran on, does): the first version's app on Linux sends its JSON type
/// first and URLSession's form type second.
struct JSONBodyMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > APILimits.maxBodyBytes {
            throw HTTPFailure.payloadTooLarge
        }
        if let length = request.headers[.contentLength], length != "0", !Self.isJSON(request) {
            throw HTTPFailure.unsupportedMediaType
        }
        return try await next(request, context)
    }

    static func isJSON(_ request: Request) -> Bool {
        isJSON(request.headers[values: .contentType].first)
    }

    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        let trimmed = mediaType.trimmingCharacters(in: .whitespaces).lowercased()
        return trimmed == "application/json" || (trimmed.hasPrefix("application/") && trimmed.hasSuffix("+json"))
    }
}

import ExamPrepShared
import Foundation
import Hummingbird

/// Enforces the API's body rules before any handler runs: at most 1 MiB (413), and a body
/// only as JSON (415). Requests without a body pass untouched.
struct JSONBodyMiddleware<Context: RequestContext>: RouterMiddleware {
    static var maxBodyBytes: Int { 1 << 20 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        if let length = request.headers[.contentLength].flatMap(Int.init), length > Self.maxBodyBytes {
            throw APIError(.contentTooLarge, .payloadTooLarge, "The request body may be at most 1 MiB.")
        }
        guard Self.mayHaveBody(request) else { return try await next(request, context) }
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Self.maxBodyBytes)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw APIError(.contentTooLarge, .payloadTooLarge, "The request body may be at most 1 MiB.")
        }
        if body.readableBytes > 0, !Self.isJSON(request.headers[.contentType]) {
            throw APIError(.unsupportedMediaType, .unsupportedMediaType, "Send JSON with Content-Type: application/json.")
        }
        return try await next(request, context)
    }

    private static func mayHaveBody(_ request: Request) -> Bool {
        if let length = request.headers[.contentLength] { return length != "0" }
        return request.headers[.transferEncoding] != nil
    }

    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        let trimmed = mediaType.trimmingCharacters(in: .whitespaces).lowercased()
        return trimmed == "application/json" || (trimmed.hasPrefix("application/") && trimmed.hasSuffix("+json"))
    }
}

import ExamPrepShared
import Foundation
import Hummingbird

/// Enforces the API's body rules (`/api/…` only) before any handler runs, without reading the body (a
/// protected route checks the bearer token first, and the body is read only by the handler
/// that decodes it): a declared length above 1 MiB is 413, a declared non-empty body that is
/// not JSON is 415 (but for an import's `text/plain` or `text/csv` file, which its handler checks). A chunked body's size and
/// emptiness are known only once it is read: `APIRequestDecoder` applies the same rules then.
///
/// When a client sends several `Content-Type` headers, the first one counts (as Node, which
/// the first version ran on, does): the first version's app on Linux sends its JSON type
/// first and URLSession's form type second.
struct JSONBodyMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Pages take forms and have rules of their own (`CSRFMiddleware`).
        guard request.uri.path.hasPrefix("/api/") else { return try await next(request, context) }
        // A picture's upload (up to 2 MiB, an image type) is bounded and checked by its handler.
        let takesPicture = Self.matches(request.uri.path, APIPaths.courseMedia)
        // A course's file (pictures in base64 with its bank) is bounded by its handler:
        // `APILimits.maxBodyBytes` plus the course's picture quota in base64 (`CourseFileReader.maxBytes`).
        let takesCourseFile = request.uri.path == APIPaths.courseImport
        if !takesPicture, !takesCourseFile, let length = request.headers[.contentLength].flatMap(Int.init), length > APILimits.maxBodyBytes
        {
            throw HTTPFailure.payloadTooLarge
        }
        // An import's handler checks its text type itself, after the role (a student is 403 whatever they send).
        if let length = request.headers[.contentLength], length != "0", !Self.isJSON(request), !Self.takesText(request.uri.path),
            !takesPicture
        {
            throw HTTPFailure.unsupportedMediaType
        }
        return try await next(request, context)
    }

    /// The routes whose body is a text file, not JSON: a question bank's import
    /// (`/api/faculty/courses/{courseId}/questions/import`) and a class list's
    /// (`/api/faculty/courses/{courseId}/roster/import`, and the admin's `/api/admin/courses/…`).
    static func takesText(_ path: String) -> Bool {
        [APIPaths.importQuestions, APIPaths.classListImport, APIPaths.adminClassListImport].contains { matches(path, $0) }
    }

    /// Whether `path` is one of `route`'s paths (any value in its `{…}` segments).
    static func matches(_ path: String, _ route: APIRoute) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let pattern = route.template.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == pattern.count
            && zip(parts, pattern).allSatisfy { part, expected in
                expected.hasPrefix("{") || part == expected
            }
    }

    static func isText(_ contentType: String?) -> Bool {
        mediaType(contentType) == "text/plain"
    }

    /// A class list: `text/csv` (or `text/plain`, as some tools label any text).
    static func isCSV(_ contentType: String?) -> Bool {
        ["text/csv", "text/plain"].contains(mediaType(contentType))
    }

    private static func mediaType(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased()
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

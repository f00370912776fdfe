import ExamPrepRules
import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

extension CourseImportResponse: ResponseEncodable {}

/// `GET /api/faculty/courses/{courseId}/export` (the course as one file, streamed) and
/// `POST /api/faculty/courses/import` (such a file → 201 a new course), faculty only. Another's
/// course is 404. The import's body is bounded by `CourseFileReader.maxBytes` (a declared
/// length above it is 413 before a byte is read); a compressed body (`Content-Encoding`, a zip
/// or gzip type or such bytes) is 415 and never inflated.
struct CourseCopyController {
    let actions: CourseCopyActions

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.get(RouterPath(APIPaths.courseExport.pattern), use: export)
        faculty.post(RouterPath(APIPaths.courseImport), use: importFile)
    }

    @Sendable func export(_ request: Request, context: AuthenticatedContext) async throws -> Response {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        return Self.download(try await actions.export(courseID: courseID, facultyID: context.user.id, logger: context.logger))
    }

    /// The file as a streamed download (the API's route and the `/teach` page's).
    static func download(_ export: CourseExportWriter.Export) -> Response {
        let body = ResponseBody { writer in
            try await export.pieces { piece in try await writer.write(ByteBuffer(string: piece)) }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/json; charset=utf-8", .contentDisposition: "attachment; filename=\"\(export.filename)\"",
                .cacheControl: "no-store",
            ],
            body: body)
    }

    @Sendable func importFile(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<CourseImportResponse> {
        let bound = actions.maxFileBytes
        if let encoding = request.headers[.contentEncoding], encoding.lowercased() != "identity" {
            throw HTTPFailure(.unsupportedMediaType, .unsupportedMediaType, "course-copy.compressed")
        }
        guard JSONBodyMiddleware<AuthenticatedContext>.isJSON(request) else {
            throw HTTPFailure(.unsupportedMediaType, .unsupportedMediaType, "course-copy.compressed")
        }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > bound {
            throw Self.tooLarge(bound)
        }
        let title = request.uri.queryParameters.get("title")
        var body = request
        let buffer: ByteBuffer
        do { buffer = try await body.collectBody(upTo: bound) } catch let error as HTTPError where error.status == .contentTooLarge {
            throw Self.tooLarge(bound)
        }
        guard buffer.readableBytes > 0 else { throw InvalidInput("validation.body.required") }
        let imported = try await actions.importFile(
            Array(buffer.readableBytesView), title: title, facultyID: context.user.id, logger: context.logger)
        return EditedResponse(status: .created, response: imported)
    }

    static func tooLarge(_ bound: Int) -> HTTPFailure {
        HTTPFailure(.contentTooLarge, .payloadTooLarge, "course-copy.too-large", ["mb": .integer(bound >> 20)])
    }
}

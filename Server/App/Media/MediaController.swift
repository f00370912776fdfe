import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

extension Media: ResponseEncodable {}

/// `POST /api/faculty/courses/{courseId}/media`: a teacher stores a picture in their course
/// (the body is the picture, at most 2 MiB, its type in `Content-Type`) → 201 `Media`.
/// Another's course is 404.
struct MediaUploadController {
    let store: MediaStore

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.group().add(middleware: RequireRole(.faculty)).post(RouterPath(APIPaths.courseMedia.pattern), use: upload)
    }

    @Sendable func upload(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<Media> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let type = request.headers[values: .contentType].first
        guard PictureType(contentType: type) != nil else { throw MediaStore.Refusal.picture(.unsupportedType).failure }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > PictureLimits.maxBytes {
            throw MediaStore.Refusal.tooLarge.failure
        }
        var body = request
        let buffer: ByteBuffer
        do { buffer = try await body.collectBody(upTo: PictureLimits.maxBytes) } catch let error as HTTPError
            where error.status == .contentTooLarge
        {
            throw MediaStore.Refusal.tooLarge.failure
        }
        do {
            let media = try await store.store(
                courseID: courseID, bytes: Array(buffer.readableBytesView), type: type, facultyID: context.user.id, logger: context.logger)
            return EditedResponse(status: .created, response: media)
        } catch let refusal as MediaStore.Refusal {
            throw refusal.failure
        }
    }
}

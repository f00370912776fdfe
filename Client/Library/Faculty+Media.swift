import ExamPrepShared
import Foundation

extension APIRequest where Response == Media {
    /// `POST …/courses/{courseId}/media`: the picture's bytes, `contentType` its type.
    public static func uploadMedia(courseId: Int, data: Data, contentType: String) -> Self {
        var request = Self(.post, APIPaths.courseMedia(courseId), requiresAuthentication: true)
        request.dataBody = data
        request.textType = contentType
        return request
    }
}

/// Pictures for a course's questions.
extension Faculty {
    /// `POST …/courses/{courseId}/media`: stores a picture (PNG, JPEG, WebP or GIF, at most
    /// 2 MiB) in the course; the same bytes again answer the same picture. Its `id` is what a
    /// question's or a choice's `image.mediaId` names.
    public func uploadMedia(courseId: Int, data: Data, contentType: String) async throws -> Media {
        try await session.send(.uploadMedia(courseId: courseId, data: data, contentType: contentType))
    }
}

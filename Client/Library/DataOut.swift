import ExamPrepShared
import Foundation

/// A JSON document to save as it came (a person's data, a course's file): its bytes, unread.
public struct JSONDocument: RawResponseBody, Hashable {
    public var data: Data

    public init(body: Data) { data = body }

    public init(from decoder: any Decoder) throws {
        data = Data(try decoder.singleValueContainer().decode(String.self).utf8)
    }
}

extension APIRequest where Response == JSONDocument {
    /// `GET /api/me/export`: everything the server holds about the signed-in person.
    public static var exportMyData: Self { .init(.get, APIPaths.meExport, requiresAuthentication: true) }

    /// `GET /api/faculty/courses/{courseId}/export`: the course as one file.
    public static func exportCourse(_ courseId: Int) -> Self {
        .init(.get, APIPaths.courseExport(courseId), requiresAuthentication: true)
    }
}

extension APIRequest where Response == SuccessResponse {
    /// `POST /api/admin/users/{userId}/erase`.
    public static func eraseUser(_ userId: Int) -> Self {
        .init(.post, APIPaths.eraseUser(userId), requiresAuthentication: true)
    }
}

extension APIRequest where Response == CourseImportResponse {
    /// `POST /api/faculty/courses/import`: a course's file (as `exportCourse` gave it) as a new
    /// course, named `title` instead of the file's name when given.
    public static func importCourse(_ file: Data, title: String? = nil) -> Self {
        var request = Self(
            .post, APIPaths.courseImport, queryItems: title.map { [URLQueryItem(name: "title", value: $0)] } ?? [],
            requiresAuthentication: true)
        request.dataBody = file
        request.textType = "application/json"
        return request
    }
}

extension Account {
    /// `GET /api/me/export`: everything the server holds about the signed-in person, as the
    /// JSON document's bytes (docs/DATA.md describes it), to save as a file.
    public func exportData() async throws -> Data {
        try await session.send(.exportMyData).data
    }
}

extension Admin {
    /// `POST /api/admin/users/{userId}/erase`: the account's personal data replaced by a
    /// pseudonym for good, its scores kept; the server's sentence saying so.
    @discardableResult
    public func erase(userID: Int) async throws -> String? {
        try await session.send(.eraseUser(userID)).message
    }
}

extension Faculty {
    /// `GET /api/faculty/courses/{courseId}/export`: the course (settings, bank with its
    /// pictures, exams, grade scale; no students) as one file's bytes.
    public func exportCourse(_ courseId: Int) async throws -> Data {
        try await session.send(.exportCourse(courseId)).data
    }

    /// `POST /api/faculty/courses/import`: a course's file as a new course of the signed-in
    /// teacher, with a new code (named `title` when given); what it holds.
    public func importCourse(_ file: Data, title: String? = nil) async throws -> CourseImportResponse {
        try await session.send(.importCourse(file, title: title))
    }
}

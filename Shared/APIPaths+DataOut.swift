/// The routes of data out and back (issue 72): a person's own data, erasure, a course's file.
extension APIPaths {
    /// `GET /api/me/export`: everything the server holds about the signed-in person, one JSON
    /// document, streamed.
    public static let meExport = "/api/me/export"
    /// `POST /api/admin/users/{userId}/erase`: the account's personal data replaced by a
    /// pseudonym, its scores kept.
    public static let eraseUser = APIRoute("/api/admin/users/{userId}/erase")
    /// `GET /api/faculty/courses/{courseId}/export`: the course as one file, no students.
    public static let courseExport = APIRoute("/api/faculty/courses/{courseId}/export")
    /// `POST /api/faculty/courses/import`: such a file made into a new course (201).
    public static let courseImport = "/api/faculty/courses/import"
}

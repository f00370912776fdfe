extension APIPaths {
    /// `POST /api/faculty/courses/{courseId}/media`: a picture for the course's questions (the
    /// body is the picture, `Content-Type` its type) → 201 `Media`.
    public static let courseMedia = facultyCourse.appending("/media")
    /// `GET /media/{mediaId}`: the picture, for the course's teachers and enrolled students.
    public static let media = APIRoute("/media/{mediaId}")
}

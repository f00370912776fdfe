import ExamPrepShared

extension Faculty {
    /// `POST /api/faculty/courses/{courseId}/students/{userId}/password-reset-link`: a link
    /// (1 hour, once) that sets the password of a student enrolled in the course.
    public func resetLink(forStudent userId: Int, in courseId: Int) async throws -> OneTimeLink {
        try await session.send(.studentResetLink(courseId: courseId, userId: userId))
    }
}

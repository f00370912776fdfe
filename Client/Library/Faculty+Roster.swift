import ExamPrepShared

extension Faculty {
    /// `GET /api/faculty/courses/{courseId}/roster`: every student of the course (all pages),
    /// with user ids, names from a class list and accommodations.
    public func loadClassList(_ courseId: Int) async throws -> [CourseRosterStudent] {
        try await session.sendAll(.classList(courseId))
    }
}

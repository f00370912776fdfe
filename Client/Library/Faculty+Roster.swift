import ExamPrepShared

extension Faculty {
    /// `GET /api/faculty/courses/{courseId}/roster`: every student of the course (all pages),
    /// with user ids, names from a class list and accommodations.
    public func loadClassList(_ courseId: Int) async throws -> [CourseRosterStudent] {
        try await session.sendAll(.classList(courseId))
    }
}

extension Faculty {
    /// `POST /api/faculty/courses/{courseId}/roster/import`: reads a class list into the course.
    /// Existing student accounts are enrolled; new ones are made without a password, with a
    /// link to choose one (`links`, unless the server mailed them). `dryRun` changes nothing.
    public func importClassList(_ csv: String, courseId: Int, dryRun: Bool = false) async throws -> ClassListImport {
        let report = try await session.send(.importClassList(csv, courseId: courseId, dryRun: dryRun))
        if !dryRun { rosters[courseId] = nil }
        return report
    }
}

import ExamPrepShared

/// A course's grade scale for faculty: the grade each score earns, shown beside it in the grade
/// book and the student's grades. Changing it regrades nothing.
extension Faculty {
    /// `GET …/courses/{courseId}/grade-scale`: the course's scale (no bands: percentages only).
    public func gradeScale(of courseId: Int) async throws -> GradeScale {
        try await session.send(.gradeScale(courseId: courseId))
    }

    /// `PUT …/courses/{courseId}/grade-scale`: a preset (`pl-school`, …) or bands of its own.
    @discardableResult
    public func setGradeScale(_ request: GradeScaleRequest, of courseId: Int) async throws -> GradeScale {
        let scale = try await session.send(.setGradeScale(request, courseId: courseId))
        gradeBooks[courseId] = nil
        return scale
    }

    /// `DELETE …/courses/{courseId}/grade-scale`: back to percentages only.
    @discardableResult
    public func clearGradeScale(of courseId: Int) async throws -> GradeScale {
        let scale = try await session.send(.clearGradeScale(courseId: courseId))
        gradeBooks[courseId] = nil
        return scale
    }
}

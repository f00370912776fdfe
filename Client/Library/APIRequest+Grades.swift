import ExamPrepShared
import Foundation

// MARK: - Grade scales (faculty)

extension APIRequest where Response == GradeScale {
    /// A course's grade scale (no bands: percentages only).
    public static func gradeScale(courseId: Int) -> Self {
        .init(.get, APIPaths.courseGradeScale(courseId), requiresAuthentication: true)
    }

    /// Sets a course's grade scale, by bands or a preset's name.
    public static func setGradeScale(_ request: GradeScaleRequest, courseId: Int) -> Self {
        .init(.put, APIPaths.courseGradeScale(courseId), body: request, requiresAuthentication: true)
    }

    /// Takes a course back to percentages only.
    public static func clearGradeScale(courseId: Int) -> Self {
        .init(.delete, APIPaths.courseGradeScale(courseId), requiresAuthentication: true)
    }
}

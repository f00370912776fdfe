import ExamPrepShared
import Foundation

/// The courses a teacher's class list invited the student into: a class list never enrolls an
/// account that exists, so the student accepts (or declines) each.
extension Student {
    /// `GET /api/students/course-invitations`, newest first.
    public func courseInvitations() async throws -> [CourseInvitation] {
        try await session.send(.courseInvitations)
    }

    /// `POST /api/students/course-invitations/{courseId}/accept`: enrolled in the course.
    @discardableResult
    public func acceptInvitation(courseId: Int) async throws -> Enrollment {
        let response = try await session.send(.acceptCourseInvitation(courseId))
        let course = response.enrollment.course
        enrolledCourses.removeAll { $0.id == course.id }
        enrolledCourses.append(course)
        return response.enrollment
    }

    /// `DELETE /api/students/course-invitations/{courseId}`.
    public func declineInvitation(courseId: Int) async throws {
        _ = try await session.send(.declineCourseInvitation(courseId))
    }
}

extension APIRequest where Response == [CourseInvitation] {
    public static var courseInvitations: Self { .init(.get, APIPaths.courseInvitations, requiresAuthentication: true) }
}

extension APIRequest where Response == EnrollResponse {
    public static func acceptCourseInvitation(_ courseId: Int) -> Self {
        .init(.post, APIPaths.acceptCourseInvitation(courseId), requiresAuthentication: true)
    }
}

extension APIRequest where Response == SuccessResponse {
    public static func declineCourseInvitation(_ courseId: Int) -> Self {
        .init(.delete, APIPaths.courseInvitation(courseId), requiresAuthentication: true)
    }
}

import ExamPrepShared
import Hummingbird

/// `GET /api/students/course-invitations`, `POST /api/students/course-invitations/{courseId}/accept`
/// and `DELETE /api/students/course-invitations/{courseId}` (students only): the courses a
/// teacher's class list invited the student into, which only the student can join.
struct StudentCourseInvitationController {
    let actions: StudentCourseActions

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let students = group.group().add(middleware: RequireRole(.student))
        students.get(RouterPath(APIPaths.courseInvitations), use: list)
        students.post(RouterPath(APIPaths.acceptCourseInvitation.pattern), use: accept)
        students.delete(RouterPath(APIPaths.courseInvitation.pattern), use: decline)
    }

    @Sendable func list(_ request: Request, context: AuthenticatedContext) async throws -> [CourseInvitation] {
        try await actions.invitations(studentID: context.user.id, logger: context.logger)
    }

    @Sendable func accept(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<EnrollResponse> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let enrollment = try await StudentCourseActions.Refusal.answering {
            try await actions.accept(courseID: courseID, studentID: context.user.id, logger: context.logger)
        }
        return EditedResponse(status: .created, response: EnrollResponse(enrollment: enrollment))
    }

    @Sendable func decline(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        try await StudentCourseActions.Refusal.answering {
            try await actions.decline(courseID: courseID, studentID: context.user.id, logger: context.logger)
        }
        return SuccessResponse(message: context.catalogue.string(Message("api-student.invitation-declined")))
    }
}

import ExamPrepShared
import Hummingbird

/// `GET /api/students/course-invitations`, `POST /api/students/course-invitations/{courseId}/accept`
/// and `DELETE /api/students/course-invitations/{courseId}` (students only): the courses a
/// teacher's class list invited the student into, which only the student can join.
struct StudentCourseInvitationController {
    let invitations: CourseInvitationRepository

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let students = group.group().add(middleware: RequireRole(.student))
        students.get(RouterPath(APIPaths.courseInvitations), use: list)
        students.post(RouterPath(APIPaths.acceptCourseInvitation.pattern), use: accept)
        students.delete(RouterPath(APIPaths.courseInvitation.pattern), use: decline)
    }

    @Sendable func list(_ request: Request, context: AuthenticatedContext) async throws -> [CourseInvitation] {
        try await invitations.invitations(ofStudent: context.user.id, logger: context.logger)
    }

    @Sendable func accept(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<EnrollResponse> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        switch try await invitations.accept(studentID: context.user.id, courseID: courseID, logger: context.logger) {
        case .enrolled(let enrollment):
            return EditedResponse(status: .created, response: EnrollResponse(enrollment: enrollment))
        case .notInvited:
            throw HTTPFailure(.notFound, .notFound, Self.notInvitedMessage(courseID))
        case .alreadyEnrolled:
            throw HTTPFailure.conflict("api-student.already-enrolled", ["course": .integer(courseID)], code: .alreadyEnrolled)
        }
    }

    @Sendable func decline(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        guard try await invitations.decline(studentID: context.user.id, courseID: courseID, logger: context.logger) else {
            throw HTTPFailure(.notFound, .notFound, Self.notInvitedMessage(courseID))
        }
        return SuccessResponse(message: context.catalogue.string(Message("api-student.invitation-declined")))
    }

    /// 404's sentence: no invitation of this student to the course is pending.
    static func notInvitedMessage(_ courseID: Int) -> Message {
        Message("api-student.no-invitation", ["course": .integer(courseID)])
    }

}

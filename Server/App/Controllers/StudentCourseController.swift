import ExamPrepShared
import Hummingbird

/// `GET /api/students/courses`, `POST /api/students/courses/enroll` and
/// `DELETE /api/students/courses/{courseId}` (students only).
struct StudentCourseController {
    let actions: StudentCourseActions
    let cursors: CursorCodec

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let students = group.group().add(middleware: RequireRole(.student))
        students.get(RouterPath(APIPaths.studentCourses), use: list)
        students.post(RouterPath(APIPaths.enroll), use: enroll)
        students.delete(RouterPath(APIPaths.studentCourse.pattern), use: unenroll)
    }

    /// Leaves a course; grades stay, open attempts become unreachable.
    @Sendable func unenroll(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        try await StudentCourseActions.Refusal.answering {
            try await actions.leave(courseID: courseID, studentID: context.user.id, logger: context.logger)
        }
        return SuccessResponse(message: context.catalogue.string(Message("api-student.unenrolled")))
    }

    @Sendable func list(_ request: Request, context: AuthenticatedContext) async throws -> Page<EnrolledCourse> {
        let page = try PageRequest(request, cursors: cursors)
        let rows = try await actions.courses(studentID: context.user.id, page: page, logger: context.logger)
        let (items, nextAfter) = page.page(rows, key: \.enrollmentID)
        return Page(items: items.map(\.course), nextCursor: nextAfter.map(cursors.encode(after:)))
    }

    /// Unknown codes are limited (`CodeEnrollment`); a code that exists gives its try back.
    @Sendable func enroll(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<EnrollResponse> {
        let body = try await request.decode(as: EnrollRequest.self, context: context)
        let enrollment = try await StudentCourseActions.Refusal.answering {
            try await actions.enroll(
                code: body.courseCode, studentID: context.user.id, clientAddress: context.clientAddress, logger: context.logger)
        }
        return EditedResponse(status: .created, response: EnrollResponse(enrollment: enrollment))
    }
}

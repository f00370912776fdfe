import ExamPrepShared
import Hummingbird

/// `GET /api/students/courses`, `POST /api/students/courses/enroll` and
/// `DELETE /api/students/courses/{courseId}` (students only).
struct StudentCourseController {
    let enrollments: EnrollmentRepository
    let limiter: RateLimiter
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
        guard try await enrollments.remove(studentID: context.user.id, courseID: courseID, logger: context.logger) else {
            throw HTTPFailure.notFound("practice.not-enrolled", ["course": .integer(courseID)])
        }
        return SuccessResponse(message: context.catalogue.string(Message("api-student.unenrolled")))
    }

    @Sendable func list(_ request: Request, context: AuthenticatedContext) async throws -> Page<EnrolledCourse> {
        let page = try PageRequest(request, cursors: cursors)
        let rows = try await enrollments.courses(ofStudent: context.user.id, page: page, logger: context.logger)
        let (items, nextAfter) = page.page(rows, key: \.enrollmentID)
        return Page(items: items.map(\.course), nextCursor: nextAfter.map(cursors.encode(after:)))
    }

    /// Unknown codes are limited (`CodeEnrollment`); a code that exists gives its try back.
    @Sendable func enroll(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<EnrollResponse> {
        let body = try await request.decode(as: EnrollRequest.self, context: context)
        let code = try Validators.courseCode(body.courseCode)
        switch try await CodeEnrollment(enrollments: enrollments, limiter: limiter).enroll(
            studentID: context.user.id, code: code, clientAddress: context.clientAddress, logger: context.logger)
        {
        case .limited(let refusal):
            throw HTTPFailure.limited(refusal)
        case .done(.enrolled(let enrollment)):
            return EditedResponse(status: .created, response: EnrollResponse(enrollment: enrollment))
        case .done(.alreadyEnrolled):
            throw HTTPFailure.conflict("api-student.already-enrolled", ["course": .text(code)], code: .alreadyEnrolled)
        case .done(.unknownCode):
            throw HTTPFailure.notFound("api-student.no-course-code", ["code": .text(code)])
        }
    }
}

import ExamPrepShared
import Hummingbird

/// `GET /api/students/courses` and `POST /api/students/courses/enroll` (students only).
struct StudentController {
    let enrollments: EnrollmentRepository

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let students = group.group().add(middleware: RequireRole(.student))
        students.get(RouterPath(APIPaths.studentCourses), use: list)
        students.post(RouterPath(APIPaths.enroll), use: enroll)
    }

    @Sendable func list(_ request: Request, context: AuthenticatedContext) async throws -> JSONBody<[EnrolledCourse]> {
        JSONBody(.ok, try await enrollments.courses(ofStudent: context.user.id))
    }

    @Sendable func enroll(_ request: Request, context: AuthenticatedContext) async throws -> JSONBody<EnrollResponse> {
        let body = try await request.decodeJSON(EnrollRequest.self, context: context)
        let code = try Validators.courseCode(body.courseCode)
        let enrollment = try await enrollments.enroll(studentID: context.user.id, code: code)
        return JSONBody(.created, EnrollResponse(enrollment: enrollment))
    }
}

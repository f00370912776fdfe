import ExamPrepShared
import Hummingbird

/// `GET` and `POST /api/faculty/courses` (faculty only).
struct FacultyController {
    let courses: CourseRepository
    /// How many random codes to try before giving up (collisions are rare: 26⁴ codes).
    static let codeAttempts = 20

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.get(RouterPath(APIPaths.facultyCourses), use: list)
        faculty.post(RouterPath(APIPaths.facultyCourses), use: create)
    }

    @Sendable func list(_ request: Request, context: AuthenticatedContext) async throws -> JSONBody<[Course]> {
        JSONBody(.ok, try await courses.courses(ofFaculty: context.user.id))
    }

    @Sendable func create(_ request: Request, context: AuthenticatedContext) async throws -> JSONBody<CreateCourseResponse> {
        let body = try await request.decodeJSON(CreateCourseRequest.self, context: context)
        let name = try Validators.text(body.name, field: "Name", length: 2...100)
        let description = try Validators.text(body.description, field: "Description", length: 2...1000)
        for _ in 0..<Self.codeAttempts {
            let outcome = try await courses.create(
                facultyID: context.user.id, name: name, description: description, code: CourseCodes.random())
            if case .created(let course) = outcome {
                return JSONBody(.created, CreateCourseResponse(course: course))
            }
        }
        throw APIError.unavailable("Could not find a free course code; try again.")
    }
}

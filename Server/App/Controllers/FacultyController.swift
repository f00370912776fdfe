import ExamPrepShared
import Hummingbird

/// `GET` and `POST /api/faculty/courses` (faculty only).
struct FacultyController {
    let courses: CourseRepository
    let limiter: AttemptLimiter
    let cursors: CursorCodec
    /// The most courses one faculty member may have.
    let maxCoursesPerFaculty: Int

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.get(RouterPath(APIPaths.facultyCourses), use: list)
        faculty.post(RouterPath(APIPaths.facultyCourses), use: create)
    }

    @Sendable func list(_ request: Request, context: AuthenticatedContext) async throws -> Page<Course> {
        let page = try PageRequest(request, cursors: cursors)
        let rows = try await courses.courses(ofFaculty: context.user.id, page: page, logger: context.logger)
        return Page(rows, page: page, cursors: cursors, key: { $0.id ?? 0 })
    }

    @Sendable func create(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<CreateCourseResponse> {
        let body = try await request.decode(as: CreateCourseRequest.self, context: context)
        let name = try Validators.text(body.name, field: "Name", length: 2...100)
        let description = try Validators.text(body.description, field: "Description", length: 2...1000)
        if case .limited(let refusal) = try await limiter.courseCreation(facultyID: context.user.id, logger: context.logger) {
            throw APIError.limited(refusal)
        }
        let outcome = try await courses.create(
            facultyID: context.user.id, name: name, description: description, maxCourses: maxCoursesPerFaculty,
            logger: context.logger)
        switch outcome {
        case .created(let course):
            return EditedResponse(status: .created, response: CreateCourseResponse(course: course))
        case .nameTaken:
            throw APIError.conflict("You already have a course named \"\(name)\".")
        case .limitReached:
            throw APIError.conflict("You have \(maxCoursesPerFaculty) courses, the most one faculty member may have.", code: .limitReached)
        case .noFreeCode:
            throw APIError.unavailable("Could not find a free course code; try again.")
        }
    }
}

import ExamPrepShared
import Hummingbird

/// A faculty member's own courses: edit, delete, new code, roster, removing a student.
/// Another's course is 404, never 403, so its id is not confirmed.
struct CourseManagementController {
    let courses: CourseRepository
    let enrollments: EnrollmentRepository
    let cursors: CursorCodec
    let limiter: AttemptLimiter

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.patch(RouterPath(APIPaths.facultyCourse.pattern), use: update)
        faculty.delete(RouterPath(APIPaths.facultyCourse.pattern), use: delete)
        faculty.post(RouterPath(APIPaths.courseCode.pattern), use: newCode)
        faculty.get(RouterPath(APIPaths.roster.pattern), use: roster)
        faculty.delete(RouterPath(APIPaths.rosterStudent.pattern), use: removeStudent)
    }

    @Sendable func update(_ request: Request, context: AuthenticatedContext) async throws -> Course {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let body = try await request.decode(as: UpdateCourseRequest.self, context: context)
        let name = try body.name.map { try Validators.text($0, field: "Name", length: 2...100) }
        let description = try body.description.map { try Validators.text($0, field: "Description", length: 2...1000) }
        switch try await courses.update(
            courseID: courseID, facultyID: context.user.id, name: name, description: description, logger: context.logger)
        {
        case .updated(let course): return course
        case .notFound: throw APIError.notFound("You have no course \(courseID).")
        case .nameTaken: throw APIError.conflict("You already have a course named \"\(name ?? "")\".")
        }
    }

    @Sendable func delete(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        guard try await courses.delete(courseID: courseID, facultyID: context.user.id, logger: context.logger) else {
            throw APIError.notFound("You have no course \(courseID).")
        }
        return SuccessResponse(message: "The course, its enrollments, exams and attempts are deleted.")
    }

    /// Limited per faculty member: each new code was free at that moment, so unlimited
    /// rotation would map which codes are taken and undo the enrollment-guess limit.
    @Sendable func newCode(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<Course> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        if case .limited(let refusal) = try await limiter.codeRotation(facultyID: context.user.id, logger: context.logger) {
            throw APIError.limited(refusal)
        }
        switch try await courses.newCode(courseID: courseID, facultyID: context.user.id, logger: context.logger) {
        case .recoded(let course): return EditedResponse(status: .created, response: course)
        case .notFound: throw APIError.notFound("You have no course \(courseID).")
        case .noFreeCode: throw APIError.unavailable("Could not find a free course code; try again.")
        }
    }

    @Sendable func roster(_ request: Request, context: AuthenticatedContext) async throws -> Page<RosterEntry> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let page = try PageRequest(request, cursors: cursors)
        guard try await courses.isOwned(courseID: courseID, facultyID: context.user.id, logger: context.logger) else {
            throw APIError.notFound("You have no course \(courseID).")
        }
        let rows = try await enrollments.roster(courseID: courseID, page: page, logger: context.logger)
        let (items, nextAfter) = page.page(rows, key: \.enrollmentID)
        return Page(items: items.map(\.entry), nextCursor: nextAfter.map(cursors.encode(after:)))
    }

    @Sendable func removeStudent(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let studentID = try context.parameters.require("userId", as: Int.self)
        guard try await courses.isOwned(courseID: courseID, facultyID: context.user.id, logger: context.logger) else {
            throw APIError.notFound("You have no course \(courseID).")
        }
        guard try await enrollments.remove(studentID: studentID, courseID: courseID, logger: context.logger) else {
            throw APIError.notFound("Student \(studentID) is not enrolled in course \(courseID).")
        }
        return SuccessResponse(message: "The student is no longer enrolled; their grades stay.")
    }
}

import ExamPrepShared
import Hummingbird

/// `/api/faculty/courses…`: a faculty member's own courses: list, create, edit, delete, a new
/// code, the roster and removing a student from it (faculty only). Another's course is 404,
/// never 403, so its id is not confirmed.
struct FacultyCourseController {
    let actions: FacultyCourseActions
    let cursors: CursorCodec

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.get(RouterPath(APIPaths.facultyCourses), use: list)
        faculty.post(RouterPath(APIPaths.facultyCourses), use: create)
        faculty.patch(RouterPath(APIPaths.facultyCourse.pattern), use: update)
        faculty.delete(RouterPath(APIPaths.facultyCourse.pattern), use: delete)
        faculty.post(RouterPath(APIPaths.courseCode.pattern), use: newCode)
        faculty.get(RouterPath(APIPaths.roster.pattern), use: roster)
        faculty.get(RouterPath(APIPaths.classList.pattern), use: classList)
        faculty.delete(RouterPath(APIPaths.rosterStudent.pattern), use: removeStudent)
        faculty.put(RouterPath(APIPaths.accommodation.pattern), use: setAccommodation)
        faculty.delete(RouterPath(APIPaths.accommodation.pattern), use: removeAccommodation)
    }

    /// A student's extra time in every exam of the course, running attempts included.
    @Sendable func setAccommodation(_ request: Request, context: AuthenticatedContext) async throws -> Accommodation {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let studentID = try context.parameters.require("userId", as: Int.self)
        let body = try await request.decode(as: Accommodation.self, context: context)
        return try await actions.setAccommodation(
            body, courseID: courseID, studentID: studentID, facultyID: context.user.id, logger: context.logger)
    }

    @Sendable func removeAccommodation(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let studentID = try context.parameters.require("userId", as: Int.self)
        try await actions.removeAccommodation(courseID: courseID, studentID: studentID, facultyID: context.user.id, logger: context.logger)
        return SuccessResponse(message: context.catalogue.string(Message("api-faculty.accommodation-removed")))
    }

    @Sendable func list(_ request: Request, context: AuthenticatedContext) async throws -> Page<Course> {
        let page = try PageRequest(request, cursors: cursors)
        let rows = try await actions.courses.courses(ofFaculty: context.user.id, page: page, logger: context.logger)
        return Page(rows, page: page, cursors: cursors, key: { $0.id ?? 0 })
    }

    @Sendable func create(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<CreateCourseResponse> {
        let body = try await request.decode(as: CreateCourseRequest.self, context: context)
        let course = try await actions.create(body, facultyID: context.user.id, logger: context.logger)
        return EditedResponse(status: .created, response: CreateCourseResponse(course: course))
    }

    @Sendable func update(_ request: Request, context: AuthenticatedContext) async throws -> Course {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let body = try await request.decode(as: UpdateCourseRequest.self, context: context)
        return try await actions.update(body, courseID: courseID, facultyID: context.user.id, logger: context.logger)
    }

    @Sendable func delete(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        try await actions.delete(courseID: courseID, facultyID: context.user.id, logger: context.logger)
        return SuccessResponse(message: context.catalogue.string(Message("api-faculty.course-deleted")))
    }

    @Sendable func newCode(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<Course> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        return EditedResponse(
            status: .created, response: try await actions.newCode(courseID: courseID, facultyID: context.user.id, logger: context.logger))
    }

    /// `…/students`: the roster's first shape, kept for the clients that read it.
    @Sendable func roster(_ request: Request, context: AuthenticatedContext) async throws -> Page<RosterEntry> {
        try await rosterPage(request, context: context).map {
            RosterEntry(id: $0.userId, email: $0.email, enrollmentDate: $0.enrolledAt)
        }
    }

    /// `…/roster`: the class list with names and accommodations.
    @Sendable func classList(_ request: Request, context: AuthenticatedContext) async throws -> Page<CourseRosterStudent> {
        try await rosterPage(request, context: context)
    }

    private func rosterPage(_ request: Request, context: AuthenticatedContext) async throws -> Page<CourseRosterStudent> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let page = try PageRequest(request, cursors: cursors)
        try await actions.requireOwned(courseID: courseID, facultyID: context.user.id, logger: context.logger)
        let rows = try await actions.enrollments.roster(courseID: courseID, page: page, logger: context.logger)
        let (items, nextAfter) = page.page(rows, key: \.enrollmentID)
        return Page(items: items.map(\.student), nextCursor: nextAfter.map(cursors.encode(after:)))
    }

    @Sendable func removeStudent(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let studentID = try context.parameters.require("userId", as: Int.self)
        try await actions.removeStudent(studentID: studentID, courseID: courseID, facultyID: context.user.id, logger: context.logger)
        return SuccessResponse(message: context.catalogue.string(Message("api-faculty.student-removed")))
    }
}

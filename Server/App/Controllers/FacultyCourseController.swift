import ExamPrepShared
import Hummingbird

/// `/api/faculty/courses…`: a faculty member's own courses: list, create, edit, delete, a new
/// code, the roster and removing a student from it (faculty only). Another's course is 404,
/// never 403, so its id is not confirmed.
struct FacultyCourseController {
    let courses: CourseRepository
    let ownership: OwnershipRepository
    let enrollments: EnrollmentRepository
    let limiter: RateLimiter
    let studentTerms: StudentTermsRepository
    let cursors: CursorCodec
    /// The most courses one faculty member may have.
    let maxCoursesPerFaculty: Int

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
        let accommodation = try ExamDayValidation.validate(try await request.decode(as: Accommodation.self, context: context))
        try await limiter.admit(.examDayChangesPerFaculty, context: context)
        guard
            let stored = try await studentTerms.setAccommodation(
                accommodation, courseID: courseID, studentID: studentID, facultyID: context.user.id, logger: context.logger)
        else { throw HTTPFailure.notFound("Student \(studentID) is not enrolled in a course \(courseID) of yours.") }
        return stored
    }

    @Sendable func removeAccommodation(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let studentID = try context.parameters.require("userId", as: Int.self)
        try await limiter.admit(.examDayChangesPerFaculty, context: context)
        guard
            try await studentTerms.removeAccommodation(
                courseID: courseID, studentID: studentID, facultyID: context.user.id, logger: context.logger)
        else { throw HTTPFailure.notFound("Student \(studentID) has no accommodation in a course \(courseID) of yours.") }
        return SuccessResponse(message: "The accommodation is removed; running attempts keep their other terms.")
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
        let timeZone = try body.timeZone.map { try Validators.timeZone($0) } ?? "UTC"
        if case .limited(let refusal) = try await limiter.courseCreation(facultyID: context.user.id, logger: context.logger) {
            throw HTTPFailure.limited(refusal)
        }
        let outcome = try await courses.create(
            facultyID: context.user.id, name: name, description: description, timeZone: timeZone, maxCourses: maxCoursesPerFaculty,
            logger: context.logger)
        switch outcome {
        case .created(let course):
            return EditedResponse(status: .created, response: CreateCourseResponse(course: course))
        case .nameTaken:
            throw HTTPFailure.conflict("You already have a course named \"\(name)\".")
        case .limitReached:
            throw HTTPFailure.conflict(
                "You have \(maxCoursesPerFaculty) courses, the most one faculty member may have.", code: .limitReached)
        case .noFreeCode:
            throw HTTPFailure.unavailable("Could not find a free course code; try again.")
        }
    }

    @Sendable func update(_ request: Request, context: AuthenticatedContext) async throws -> Course {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let body = try await request.decode(as: UpdateCourseRequest.self, context: context)
        let name = try body.name.map { try Validators.text($0, field: "Name", length: 2...100) }
        let description = try body.description.map { try Validators.text($0, field: "Description", length: 2...1000) }
        let timeZone = try body.timeZone.map { try Validators.timeZone($0) }
        switch try await courses.update(
            courseID: courseID, facultyID: context.user.id, name: name, description: description, timeZone: timeZone,
            logger: context.logger)
        {
        case .updated(let course): return course
        case .notFound: throw HTTPFailure.notFound("You have no course \(courseID).")
        case .nameTaken: throw HTTPFailure.conflict("You already have a course named \"\(name ?? "")\".")
        }
    }

    @Sendable func delete(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        guard try await courses.delete(courseID: courseID, facultyID: context.user.id, logger: context.logger) else {
            throw HTTPFailure.notFound("You have no course \(courseID).")
        }
        return SuccessResponse(message: "The course, its enrollments, exams and attempts are deleted.")
    }

    /// Limited per faculty member: each new code was free at that moment, so unlimited
    /// rotation would map which codes are taken and undo the enrollment-guess limit.
    @Sendable func newCode(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<Course> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        if case .limited(let refusal) = try await limiter.codeRotation(facultyID: context.user.id, logger: context.logger) {
            throw HTTPFailure.limited(refusal)
        }
        switch try await courses.newCode(courseID: courseID, facultyID: context.user.id, logger: context.logger) {
        case .recoded(let course): return EditedResponse(status: .created, response: course)
        case .notFound: throw HTTPFailure.notFound("You have no course \(courseID).")
        case .noFreeCode: throw HTTPFailure.unavailable("Could not find a free course code; try again.")
        }
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
        guard try await ownership.owns(.course(courseID), facultyID: context.user.id, logger: context.logger) else {
            throw HTTPFailure.notFound("You have no course \(courseID).")
        }
        let rows = try await enrollments.roster(courseID: courseID, page: page, logger: context.logger)
        let (items, nextAfter) = page.page(rows, key: \.enrollmentID)
        return Page(items: items.map(\.student), nextCursor: nextAfter.map(cursors.encode(after:)))
    }

    @Sendable func removeStudent(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let studentID = try context.parameters.require("userId", as: Int.self)
        guard try await ownership.owns(.course(courseID), facultyID: context.user.id, logger: context.logger) else {
            throw HTTPFailure.notFound("You have no course \(courseID).")
        }
        guard try await enrollments.remove(studentID: studentID, courseID: courseID, logger: context.logger) else {
            throw HTTPFailure.notFound("Student \(studentID) is not enrolled in course \(courseID).")
        }
        return SuccessResponse(message: "The student is no longer enrolled; their grades stay.")
    }
}

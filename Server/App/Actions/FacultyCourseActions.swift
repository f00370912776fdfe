import ExamPrepRules
import ExamPrepShared
import Logging

/// A faculty member's changes to their own courses, as the API and the `/teach` pages both make
/// them: the same validation, limits and refusals (`ActionRefusal`, which a page shows as its
/// error). Another's course is "not found", never "forbidden".
struct FacultyCourseActions: Sendable {
    /// A course's fields as a person names them inside a refusal.
    static let nameField = MessageValue.message(Message("field.course-name"))
    static let descriptionField = MessageValue.message(Message("field.course-description"))

    let courses: CourseRepository
    let ownership: OwnershipRepository
    let enrollments: EnrollmentRepository
    let limiter: RateLimiter
    let studentTerms: StudentTermsRepository
    /// The most courses one faculty member may have.
    let maxCoursesPerFaculty: Int
    /// A new course's time zone when its teacher names none (`DEFAULT_TIME_ZONE`).
    var defaultTimeZone = "UTC"

    func create(_ body: CreateCourseRequest, facultyID: Int, logger: Logger) async throws -> Course {
        let name = try Validators.text(body.name, field: Self.nameField, length: 2...100)
        let description = try Validators.text(body.description, field: Self.descriptionField, length: 2...1000)
        let timeZone = try body.timeZone.map { try Validators.timeZone($0) } ?? defaultTimeZone
        if case .limited(let refusal) = try await limiter.courseCreation(facultyID: facultyID, logger: logger) {
            throw ActionRefusal.limited(refusal)
        }
        switch try await courses.create(
            facultyID: facultyID, name: name, description: description, timeZone: timeZone, maxCourses: maxCoursesPerFaculty,
            logger: logger)
        {
        case .created(let course): return course
        case .nameTaken: throw ActionRefusal.conflict("api-faculty.course-name-taken", ["name": .text(name)])
        case .limitReached:
            throw ActionRefusal.capReached(Message("api-faculty.course-limit", ["count": .integer(maxCoursesPerFaculty)]))
        case .noFreeCode: throw ActionRefusal.busy(Message("api-faculty.no-free-code"))
        }
    }

    func update(_ body: UpdateCourseRequest, courseID: Int, facultyID: Int, logger: Logger) async throws -> Course {
        let name = try body.name.map { try Validators.text($0, field: Self.nameField, length: 2...100) }
        let description = try body.description.map { try Validators.text($0, field: Self.descriptionField, length: 2...1000) }
        let timeZone = try body.timeZone.map { try Validators.timeZone($0) }
        switch try await courses.update(
            courseID: courseID, facultyID: facultyID, name: name, description: description, timeZone: timeZone, logger: logger)
        {
        case .updated(let course): return course
        case .notFound: throw Self.noSuchCourse(courseID)
        case .nameTaken: throw ActionRefusal.conflict("api-faculty.course-name-taken", ["name": .text(name ?? "")])
        }
    }

    func delete(courseID: Int, facultyID: Int, logger: Logger) async throws {
        guard try await courses.delete(courseID: courseID, facultyID: facultyID, logger: logger) else { throw Self.noSuchCourse(courseID) }
    }

    /// Limited per faculty member: each new code was free at that moment, so unlimited
    /// rotation would map which codes are taken and undo the enrollment-guess limit.
    func newCode(courseID: Int, facultyID: Int, logger: Logger) async throws -> Course {
        if case .limited(let refusal) = try await limiter.codeRotation(facultyID: facultyID, logger: logger) {
            throw ActionRefusal.limited(refusal)
        }
        switch try await courses.newCode(courseID: courseID, facultyID: facultyID, logger: logger) {
        case .recoded(let course): return course
        case .notFound: throw Self.noSuchCourse(courseID)
        case .noFreeCode: throw ActionRefusal.busy(Message("api-faculty.no-free-code"))
        }
    }

    /// The faculty member's course; "not found" for any other.
    func course(_ courseID: Int, facultyID: Int, logger: Logger) async throws -> Course {
        guard
            let course = try await courses.courses(ofFaculty: facultyID, page: PageRequest(limit: 1), only: courseID, logger: logger).first
        else { throw Self.noSuchCourse(courseID) }
        return course
    }

    /// Fails with "not found" unless the course is the faculty member's.
    func requireOwned(courseID: Int, facultyID: Int, logger: Logger) async throws {
        guard try await ownership.owns(.course(courseID), facultyID: facultyID, logger: logger) else { throw Self.noSuchCourse(courseID) }
    }

    func removeStudent(studentID: Int, courseID: Int, facultyID: Int, logger: Logger) async throws {
        try await requireOwned(courseID: courseID, facultyID: facultyID, logger: logger)
        guard try await enrollments.remove(studentID: studentID, courseID: courseID, logger: logger) else {
            throw ActionRefusal.notFound(
                "api-faculty.student-not-enrolled", ["student": .integer(studentID), "course": .integer(courseID)])
        }
    }

    /// A student's extra time in every exam of the course, running attempts included.
    func setAccommodation(_ body: Accommodation, courseID: Int, studentID: Int, facultyID: Int, logger: Logger) async throws
        -> Accommodation
    {
        let accommodation = try ExamDayValidation.validate(body)
        try await limiter.admit(.examDayChangesPerFaculty, userID: facultyID, logger: logger)
        guard
            let stored = try await studentTerms.setAccommodation(
                accommodation, courseID: courseID, studentID: studentID, facultyID: facultyID, logger: logger)
        else { throw Self.notYourStudent(studentID, courseID) }
        return stored
    }

    func removeAccommodation(courseID: Int, studentID: Int, facultyID: Int, logger: Logger) async throws {
        try await limiter.admit(.examDayChangesPerFaculty, userID: facultyID, logger: logger)
        guard try await studentTerms.removeAccommodation(courseID: courseID, studentID: studentID, facultyID: facultyID, logger: logger)
        else {
            throw ActionRefusal.notFound("api-faculty.no-accommodation", ["student": .integer(studentID), "course": .integer(courseID)])
        }
    }

    static func noSuchCourse(_ courseID: Int) -> ActionRefusal {
        ActionRefusal.notFound("api-faculty.no-course", ["course": .integer(courseID)])
    }

    /// 404: the student is in none of this teacher's courses by that id.
    static func notYourStudent(_ studentID: Int, _ courseID: Int) -> ActionRefusal {
        ActionRefusal.notFound("api-faculty.student-not-yours", ["student": .integer(studentID), "course": .integer(courseID)])
    }
}

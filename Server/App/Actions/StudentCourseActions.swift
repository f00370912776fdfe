import ExamPrepExams
import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// A student's courses, one implementation for the API (`/api/students/courses…`,
/// `/api/students/course-invitations…`) and the course pages: the courses and a course's exams,
/// enrolling with a code (`CodeEnrollment`'s limits), leaving, and the invitations of class
/// lists accepted or declined. Knows no HTTP: a refusal is a `Refusal` carrying its sentence,
/// which each face answers as it answers (`Refusal.failure`).
struct StudentCourseActions: Sendable {
    let enrollments: EnrollmentRepository
    let invitations: CourseInvitationRepository
    let studentExams: StudentExamRepository
    let expired: ExpiredAttemptRepository
    let limiter: RateLimiter
    let clock: ServerClock

    /// Why a course's step was refused, each with its sentence.
    enum Refusal: Error, Sendable, Equatable {
        case notEnrolled(courseID: Int)
        /// Enrolling with the code of a course the student is in.
        case alreadyEnrolled(code: String)
        case unknownCode(code: String)
        case limited(RateLimiter.Refusal)
        /// No invitation of the student to the course is pending.
        case notInvited(courseID: Int)
        /// Accepting the invitation of a course the student is in.
        case alreadyIn(courseID: Int)

        var message: Message {
            switch self {
            case .notEnrolled(let course): Message("practice.not-enrolled", ["course": .integer(course)])
            case .alreadyEnrolled(let code): Message("student.already-enrolled", ["code": .text(code)])
            case .unknownCode(let code): Message("student.unknown-code", ["code": .text(code)])
            case .limited(let refusal): refusal.message
            case .notInvited(let course): Message("api-student.no-invitation", ["course": .integer(course)])
            case .alreadyIn(let course): Message("api-student.already-enrolled", ["course": .integer(course)])
            }
        }
    }

    /// The student's courses, a page of them.
    func courses(studentID: Int, page: PageRequest = PageRequest(limit: PageRequest.maxLimit), logger: Logger) async throws
        -> [(enrollmentID: Int, course: EnrolledCourse)]
    {
        try await enrollments.courses(ofStudent: studentID, page: page, logger: logger)
    }

    /// One of the student's courses with each of its exams and what it allows now (attempts
    /// past their end submitted first).
    func course(_ courseID: Int, studentID: Int, logger: Logger) async throws
        -> (course: EnrolledCourse, exams: [(exam: StudentExamSnapshots.Listed, standing: ExamStanding)])
    {
        guard let course = try await courses(studentID: studentID, logger: logger).map(\.course).first(where: { $0.id == courseID })
        else { throw Refusal.notEnrolled(courseID: courseID) }
        let now = clock.now()
        try await expired.submit(studentID: studentID, now: now, logger: logger)
        return (course, try await studentExams.standings(courseID: courseID, studentID: studentID, now: now, logger: logger))
    }

    /// Enrolls with a course code (`rawCode` is checked here); unknown codes are limited.
    func enroll(code rawCode: String, studentID: Int, clientAddress: String, logger: Logger) async throws -> Enrollment {
        let code = try Validators.courseCode(rawCode)
        switch try await CodeEnrollment(enrollments: enrollments, limiter: limiter).enroll(
            studentID: studentID, code: code, clientAddress: clientAddress, logger: logger)
        {
        case .limited(let refusal): throw Refusal.limited(refusal)
        case .done(.enrolled(let enrollment)): return enrollment
        case .done(.alreadyEnrolled): throw Refusal.alreadyEnrolled(code: code)
        case .done(.unknownCode): throw Refusal.unknownCode(code: code)
        }
    }

    /// Leaves a course; grades stay, open attempts become unreachable.
    func leave(courseID: Int, studentID: Int, logger: Logger) async throws {
        guard try await enrollments.remove(studentID: studentID, courseID: courseID, logger: logger) else {
            throw Refusal.notEnrolled(courseID: courseID)
        }
    }

    /// The courses a teacher's class list invited the student into.
    func invitations(studentID: Int, logger: Logger) async throws -> [CourseInvitation] {
        try await invitations.invitations(ofStudent: studentID, logger: logger)
    }

    /// Joins the course a class list invited the student into.
    func accept(courseID: Int, studentID: Int, logger: Logger) async throws -> Enrollment {
        switch try await invitations.accept(studentID: studentID, courseID: courseID, logger: logger) {
        case .enrolled(let enrollment): return enrollment
        case .notInvited: throw Refusal.notInvited(courseID: courseID)
        case .alreadyEnrolled: throw Refusal.alreadyIn(courseID: courseID)
        }
    }

    /// Forgets the invitation.
    func decline(courseID: Int, studentID: Int, logger: Logger) async throws {
        guard try await invitations.decline(studentID: studentID, courseID: courseID, logger: logger) else {
            throw Refusal.notInvited(courseID: courseID)
        }
    }
}

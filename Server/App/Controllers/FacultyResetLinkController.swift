import ExamPrepShared
import Foundation
import Hummingbird
import Logging

/// `POST /api/faculty/courses/{courseId}/students/{userId}/password-reset-link`: a teacher's
/// one-time link (1 hour), for a school without mail, for a student of one of their courses
/// whose account the teacher's own class list made and who never chose a password; written to
/// the audit log. Any other student (whose account is their own), or another's course, is 404.
/// The `/teach` student page's **Make a sign-in link** is the same (`StudentLinks`).
struct FacultyResetLinkController {
    let links: StudentLinks

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.post(RouterPath(APIPaths.studentResetLink.pattern), use: resetLink)
    }

    @Sendable func resetLink(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<OneTimeLink> {
        let link = try await links.make(
            courseID: try context.parameters.require("courseId", as: Int.self),
            studentID: try context.parameters.require("userId", as: Int.self), teacherID: context.user.id,
            clientAddress: context.clientAddress, logger: context.logger)
        return EditedResponse(status: .created, response: link)
    }
}

/// A teacher's one-time link for a student of their class list, the one rule for the API and
/// the page: the student must be enrolled in the teacher's course (else 404, the course's
/// students are nobody else's business), the teacher within their limit (429), and the account
/// one the teacher's own class list made that never had a password, is not disabled and has no
/// school account (`PasswordResetRepository.issue(classListAccount:…)`): a staff account, or a
/// student's own, is refused (404), so no teacher can take over an account that is not new.
struct StudentLinks: Sendable {
    let ownership: OwnershipRepository
    let resets: PasswordResets
    let limiter: RateLimiter

    func make(courseID: Int, studentID: Int, teacherID: Int, clientAddress: String, logger: Logger) async throws -> OneTimeLink {
        guard
            try await ownership.owns(.enrolledStudent(courseID: courseID, studentID: studentID), facultyID: teacherID, logger: logger)
        else { throw FacultyCourseActions.notYourStudent(studentID, courseID) }
        try await limiter.admit(.resetLinksPerAccount, userID: teacherID, logger: logger)
        guard
            let link = try await resets.link(
                forClassListAccount: studentID, courseID: courseID, teacherID: teacherID, clientAddress: clientAddress, logger: logger)
        else { throw HTTPFailure(.notFound, .notFound, PasswordResets.notTheTeachersToReset(studentID)) }
        return link
    }
}

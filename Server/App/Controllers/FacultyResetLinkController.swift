import ExamPrepShared
import Foundation
import Hummingbird

/// `POST /api/faculty/courses/{courseId}/students/{userId}/password-reset-link`: a teacher's
/// one-time link (1 hour), for a school without mail, for a student of one of their courses
/// whose account the teacher's own class list made and who never chose a password; written to
/// the audit log. Any other student (whose account is their own), or another's course, is 404.
struct FacultyResetLinkController {
    let ownership: OwnershipRepository
    let resets: PasswordResets
    let limiter: RateLimiter

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.post(RouterPath(APIPaths.studentResetLink.pattern), use: resetLink)
    }

    @Sendable func resetLink(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<OneTimeLink> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let studentID = try context.parameters.require("userId", as: Int.self)
        guard
            try await ownership.owns(
                .enrolledStudent(courseID: courseID, studentID: studentID), facultyID: context.user.id, logger: context.logger)
        else { throw FacultyCourseActions.notYourStudent(studentID, courseID) }
        try await limiter.admit(.resetLinksPerAccount, context: context)
        guard
            let link = try await resets.link(
                forClassListAccount: studentID, courseID: courseID, teacherID: context.user.id, clientAddress: context.clientAddress,
                logger: context.logger)
        else { throw HTTPFailure(.notFound, .notFound, PasswordResets.notTheTeachersToReset(studentID)) }
        return EditedResponse(status: .created, response: link)
    }
}

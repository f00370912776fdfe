import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// `examprep courses invitations|accept|decline` (student): the courses a teacher's class list
/// invited you into, which you join only by accepting.
struct CourseInvitations: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invitations", abstract: "The courses a teacher's class list invited you into (student).")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let settings = try options.settings()
        try await settings.run { client, output in
            let invitations = try await client.student.courseInvitations()
            try output.print(invitations) {
                guard !invitations.isEmpty else { return "No invitations." }
                return Table(
                    headers: ["course id", "course", "invited by", "on"],
                    rows: invitations.map { [String($0.courseId), $0.courseName, $0.invitedBy ?? "", day($0.invitedAt)] }
                ).render() + "\nAccept one with `examprep courses accept COURSE-ID`, or decline it."
            }
        }
    }
}

struct AcceptCourseInvitation: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "accept", abstract: "Join a course you were invited into (student).")

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The course's id (examprep courses invitations lists them).") var courseId: Int

    func run() async throws {
        let settings = try options.settings()
        let courseId = courseId
        try await settings.run { client, output in
            let enrollment = try await client.student.acceptInvitation(courseId: courseId)
            try output.print(enrollment) { "Enrolled in \(enrollment.course.name) on \(day(enrollment.enrollmentDate))." }
        }
    }
}

struct DeclineCourseInvitation: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decline", abstract: "Decline an invitation into a course (student).")

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The course's id.") var courseId: Int

    func run() async throws {
        let settings = try options.settings()
        let courseId = courseId
        try await settings.run { client, output in
            try await client.student.declineInvitation(courseId: courseId)
            try output.print(SuccessResponse(message: "Invitation declined.")) { "Invitation declined." }
        }
    }
}

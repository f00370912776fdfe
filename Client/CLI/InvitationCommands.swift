import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// `examprep courses invitations|accept|decline` (student): the courses a teacher's class list
/// invited you into, which you join only by accepting.
struct CourseInvitations: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invitations", abstract: CLILanguage.text("cli-help.courses.invitations.abstract"))

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let settings = try options.settings()
        try await settings.run { client, output in
            let invitations = try await client.student.courseInvitations()
            try output.print(invitations) {
                guard !invitations.isEmpty else { return CLILanguage.text("cli-course.no-invitations") }
                return Table(
                    headers: [
                        "cli-course.invitation.course-id", "cli-course.invitation.course", "cli-course.invitation.invited-by",
                        "cli-course.invitation.on",
                    ].map { CLILanguage.text($0) },
                    rows: invitations.map { [String($0.courseId), $0.courseName, $0.invitedBy ?? "", day($0.invitedAt)] }
                ).render() + "\n" + CLILanguage.text("cli-course.accept-one")
            }
        }
    }
}

struct AcceptCourseInvitation: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "accept", abstract: CLILanguage.text("cli-help.courses.accept.abstract"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.courses.accept.course-id"))) var courseId: Int

    func run() async throws {
        let settings = try options.settings()
        let courseId = courseId
        try await settings.run { client, output in
            let enrollment = try await client.student.acceptInvitation(courseId: courseId)
            try output.print(enrollment) {
                CLILanguage.text(
                    "cli-course.enrolled", ["name": .text(enrollment.course.name), "day": .text(day(enrollment.enrollmentDate))])
            }
        }
    }
}

struct DeclineCourseInvitation: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decline", abstract: CLILanguage.text("cli-help.courses.decline.abstract"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.courses.decline.course-id"))) var courseId: Int

    func run() async throws {
        let settings = try options.settings()
        let courseId = courseId
        try await settings.run { client, output in
            try await client.student.declineInvitation(courseId: courseId)
            let declined = CLILanguage.text("cli-course.declined")
            try output.print(SuccessResponse(message: declined)) { declined }
        }
    }
}

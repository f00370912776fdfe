import ArgumentParser

@main
struct ExamPrepCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "examprep",
        abstract: CLILanguage.text("cli.examprep.abstract"),
        discussion: CLILanguage.text("cli.examprep.discussion"),
        subcommands: [
            Register.self, Login.self, Logout.self, WhoAmI.self, PasswordCommands.self, Sessions.self, DeleteAccount.self, Open.self,
            Courses.self, Enroll.self, Catalogue.self, Exams.self, Questions.self, Grades.self, Practice.self, Review.self,
            Mistakes.self, RosterCommands.self, GradingCommands.self, AcceptInvitation.self, AdminCommands.self, AccountCommands.self,
        ]
    )
}

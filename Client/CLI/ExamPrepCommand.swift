import ArgumentParser

@main
struct ExamPrepCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "examprep",
        abstract: "Use an ExamPrep server from the command line.",
        discussion: """
            The server comes from --server, else $EXAMPREP_URL, else http://127.0.0.1:8080. \
            The session is kept in $EXAMPREP_CONFIG_DIR, else $XDG_CONFIG_HOME/examprep, else ~/.config/examprep.

            Passwords are read without echo from the terminal, or as one line from standard input \
            when it is not a terminal; never from a flag.
            """,
        subcommands: [
            Register.self, Login.self, Logout.self, WhoAmI.self, PasswordCommands.self, Sessions.self, DeleteAccount.self, Open.self,
            Courses.self, Enroll.self, Catalogue.self, Exams.self, Questions.self, Grades.self, Practice.self, Review.self,
            Mistakes.self, RosterCommands.self, GradingCommands.self, AcceptInvitation.self, AdminCommands.self,
        ]
    )
}

import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// `examprep password [change]`, `password forgot`, `password reset LINK`.
struct PasswordCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "password",
        abstract: CLILanguage.text("cli.password.abstract"),
        subcommands: [ChangePassword.self, Forgot.self, Reset.self],
        defaultSubcommand: ChangePassword.self)

    struct Forgot: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ask for a link that sets a new password, mailed to your address (when the server sends mail).")

        @OptionGroup var options: GlobalOptions
        @Option(help: "Your account's email address.") var email: String

        func run() async throws {
            let settings = try options.settings()
            let email = email
            try await settings.run { client, output in
                let answer = try await client.account.forgotPassword(email: email)
                try output.print(answer) {
                    (answer.message ?? "If an account has this address, a link is on its way.")
                        + " Then run: examprep password reset LINK"
                }
            }
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a new password with a reset link (prompted for); you are signed out everywhere.")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The reset link (or its last part, the token).") var link: String

        func run() async throws {
            let settings = try options.settings()
            let link = link
            let password = try PasswordPrompt.readNew(prompt: "New password: ")
            try await settings.run { client, output in
                let answer = try await client.account.resetPassword(link: link, newPassword: password)
                try output.print(answer) { "Password set. Sign in with: examprep login --email <your address>" }
            }
        }
    }
}

/// `examprep accept-invitation LINK`: choose the password of an invited account.
struct AcceptInvitation: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept-invitation", abstract: CLILanguage.text("cli.accept-invitation.abstract"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The invitation link (or its last part, the token).") var link: String

    func run() async throws {
        let settings = try options.settings()
        let link = link
        let password = try PasswordPrompt.readNew()
        try await settings.run { client, output in
            let accepted = try await client.account.acceptInvitation(link: link, password: password)
            try output.print(accepted) {
                "Your \(accepted.role.name) account is ready. Sign in with: examprep login --email <your address>"
            }
        }
    }
}

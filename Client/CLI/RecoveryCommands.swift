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
            abstract: CLILanguage.text("cli-help.password.forgot.abstract"))

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.password.forgot.email"))) var email: String

        func run() async throws {
            let settings = try options.settings()
            let email = email
            try await settings.run { client, output in
                let answer = try await client.account.forgotPassword(email: email)
                try output.print(answer) {
                    CLILanguage.text(
                        "cli-account.reset-then", ["answer": .text(answer.message ?? CLILanguage.text("cli-account.reset-on-its-way"))])
                }
            }
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLILanguage.text("cli-help.password.reset.abstract"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.password.reset.link"))) var link: String

        func run() async throws {
            let settings = try options.settings()
            let link = link
            let password = try PasswordPrompt.readNew(prompt: "cli-account.new-password-prompt")
            try await settings.run { client, output in
                let answer = try await client.account.resetPassword(link: link, newPassword: password)
                try output.print(answer) { CLILanguage.text("cli-account.password-set") }
            }
        }
    }
}

/// `examprep accept-invitation LINK`: choose the password of an invited account.
struct AcceptInvitation: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept-invitation", abstract: CLILanguage.text("cli.accept-invitation.abstract"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.accept-invitation.link"))) var link: String

    func run() async throws {
        let settings = try options.settings()
        let link = link
        let password = try PasswordPrompt.readNew()
        try await settings.run { client, output in
            let accepted = try await client.account.acceptInvitation(link: link, password: password)
            try output.print(accepted) {
                CLILanguage.text("cli-account.invitation-accepted", ["role": .message(CLILanguage.roleName(accepted.role))])
            }
        }
    }
}

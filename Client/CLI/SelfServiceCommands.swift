import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

struct ChangePassword: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change", abstract: CLILanguage.text("cli-help.password.change.abstract"))

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let settings = try options.settings()
        let current = try PasswordPrompt.read("cli-account.current-password-prompt")
        let new = try PasswordPrompt.readNew(prompt: "cli-account.new-password-prompt")
        try await settings.run { client, output in
            try await client.account.changePassword(current: current, new: new)
            try output.print(SuccessResponse(message: "Password changed")) { CLILanguage.text("cli-account.password-changed") }
        }
    }
}

struct Sessions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.sessions.abstract"),
        subcommands: [List.self, End.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli-help.sessions.list.abstract"))

        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let settings = try options.settings()
            try await settings.run { client, output in
                let sessions = try await client.account.loadSessions()
                try output.print(sessions) {
                    Table(
                        headers: ["cli.column.id", "cli.column.signed-in", "cli.column.last-used", "cli.column.device"].map {
                            CLILanguage.text($0)
                        } + [""],
                        rows: sessions.map { session in
                            [
                                session.id.uuidString.lowercased(), minute(session.createdAt), minute(session.lastUsedAt),
                                Table.clip(session.userAgent ?? "-"), session.current ? CLILanguage.text("cli-account.this-session") : "",
                            ]
                        }
                    ).render()
                }
            }
        }
    }

    struct End: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli-help.sessions.end.abstract"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.sessions.end.id"))) var id: String

        func run() async throws {
            let settings = try options.settings()
            guard let sessionID = UUID(uuidString: id) else {
                throw ValidationError(CLILanguage.text("cli-account.not-a-session", ["id": .text(id)]))
            }
            try await settings.run { client, output in
                _ = try await client.account.loadSessions()
                try await client.account.endSession(sessionID)
                try output.print(SuccessResponse(message: "Session ended")) {
                    CLILanguage.text("cli-account.session-ended", ["id": .text(sessionID.uuidString.lowercased())])
                }
            }
        }
    }
}

struct DeleteAccount: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-account", abstract: CLILanguage.text("cli.delete-account.abstract"))

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let settings = try options.settings()
        let password = try PasswordPrompt.read("cli-account.delete-prompt")
        try await settings.run { client, output in
            try await client.account.deleteAccount(password: password)
            try output.print(SuccessResponse(message: "Account deleted")) { CLILanguage.text("cli-account.deleted") }
        }
    }
}

private func minute(_ date: Date) -> String {
    date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
}

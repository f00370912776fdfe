import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

struct ChangePassword: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change", abstract: "Change your password (your other sessions end; this one stays).")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let settings = try options.settings()
        let current = try PasswordPrompt.read("Current password: ")
        let new = try PasswordPrompt.readNew(prompt: "New password: ")
        try await settings.run { client, output in
            try await client.account.changePassword(current: current, new: new)
            try output.print(SuccessResponse(message: "Password changed")) { "Password changed. Your other sessions have ended." }
        }
    }
}

struct Sessions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.sessions.abstract"),
        subcommands: [List.self, End.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your open sessions.")

        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let settings = try options.settings()
            try await settings.run { client, output in
                let sessions = try await client.account.loadSessions()
                try output.print(sessions) {
                    Table(
                        headers: ["ID", "SIGNED IN", "LAST USED", "DEVICE", ""],
                        rows: sessions.map { session in
                            [
                                session.id.uuidString.lowercased(), minute(session.createdAt), minute(session.lastUsedAt),
                                Table.clip(session.userAgent ?? "-"), session.current ? "(this one)" : "",
                            ]
                        }
                    ).render()
                }
            }
        }
    }

    struct End: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Sign out one session (a device), by its id.")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The session's id, from `examprep sessions`.") var id: String

        func run() async throws {
            let settings = try options.settings()
            guard let sessionID = UUID(uuidString: id) else { throw ValidationError("'\(id)' is not a session id.") }
            try await settings.run { client, output in
                _ = try await client.account.loadSessions()
                try await client.account.endSession(sessionID)
                try output.print(SuccessResponse(message: "Session ended")) { "Session \(sessionID.uuidString.lowercased()) ended." }
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
        let password = try PasswordPrompt.read("Password (to confirm deleting your account): ")
        try await settings.run { client, output in
            try await client.account.deleteAccount(password: password)
            try output.print(SuccessResponse(message: "Account deleted")) { "Your account has been deleted." }
        }
    }
}

private func minute(_ date: Date) -> String {
    date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
}

import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// What a command needs to talk to the server: where it is, where the session lives,
/// and how to print.
struct CLISettings: Sendable {
    var serverURL: URL
    var configDirectory: URL
    var json: Bool

    /// Builds the client on the main actor and runs `body` with it. Any failure is printed
    /// to standard error (the server's own message when it sent one) and exits with 1.
    func run(_ body: @escaping @Sendable @MainActor (ExamPrepClient, Output) async throws -> Void) async throws {
        try await Self.run(self, body)
    }

    @MainActor
    private static func run(
        _ settings: CLISettings, _ body: @Sendable @MainActor (ExamPrepClient, Output) async throws -> Void
    ) async throws {
        let client = ExamPrepClient(
            baseURL: settings.serverURL, store: FileSessionStore(directory: settings.configDirectory), language: CLILanguage.current)
        let output = Output(json: settings.json)
        let events = client.session.events()
        let announcing = Task { @MainActor in
            for await event in events {
                if case .waitingInLine(let seconds) = event {
                    output.note(CLILanguage.text("cli.waiting-in-line", ["count": .integer(seconds)]))
                }
            }
        }
        defer { announcing.cancel() }
        do {
            try await body(client, output)
        } catch let error as ExitCode {
            throw error
        } catch let error as ValidationError {
            throw error
        } catch {
            output.fail(message(for: error))
            throw ExitCode.failure
        }
    }

    private static func message(for error: any Error) -> String {
        switch error {
        case APIError.notSignedIn:
            CLILanguage.text("cli.not-signed-in")
        case APIError.sessionExpired:
            CLILanguage.text("cli.session-expired")
        case APIError.sessionOfAnotherServer(let server):
            CLILanguage.text(
                "cli-account.other-server", ["server": server.map { .text($0) } ?? .message(Message("cli-account.unrecorded-server"))])
        default:
            CLILanguage.describe(error)
        }
    }
}

/// A failure the CLI itself reports.
struct CLIError: Error {
    var message: String
    init(_ message: String) { self.message = message }

    /// A faculty or student command run by an admin.
    static let forAdmins = CLIError(CLILanguage.text("cli-account.for-admins"))
}

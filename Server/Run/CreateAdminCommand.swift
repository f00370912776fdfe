import ArgumentParser
import ExamPrepServer
import Foundation

/// `examprep-server create-admin --email E [--setting value …]`: makes an admin account on the
/// database `serve` uses. The password is read from the terminal without echo (twice), or from
/// the first line of standard input when that is not a terminal (scripts, `docker compose
/// exec -T`); never from a flag, which `ps` would show.
struct CreateAdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create-admin",
        abstract: "Create an admin account (the password from the terminal, or standard input).",
        discussion: """
            The password follows registration's rules (8 to 128 characters). Exit status 0 when the account was made; \
            1 for a weak password, an invalid or taken email, or a database failure; 78 for a bad setting.
            """)

    @Option(help: ArgumentHelp("The admin's email address.", valueName: "email"))
    var email: String

    @Argument(parsing: .allUnrecognized, help: "Settings of the database as flags, e.g. --database-url-file (see serve --help).")
    var settings: [String] = []

    func run() async throws {
        do {
            let configuration = try loadConfiguration(settings)
            guard let password = PasswordPrompt.read() else {
                standardError("examprep-server: no password given (or the two entries differ)")
                throw ExitCode.failure
            }
            switch try await AdminCreation.create(email: email, password: password, configuration: configuration) {
            case .created(let userID):
                print("created admin \(email.trimmingCharacters(in: .whitespaces)) (user \(userID))")
            case .emailTaken:
                standardError("examprep-server: \(email) is already registered")
                throw ExitCode.failure
            }
        } catch let error as ConfigurationError {
            standardError("examprep-server: \(error.description)")
            throw ExitCode(78)
        } catch let refused as AdminCreation.Refused {
            standardError("examprep-server: \(refused.description)")
            throw ExitCode.failure
        } catch let exit as ExitCode {
            throw exit
        } catch {
            standardError("examprep-server: create-admin failed: \(error)")
            throw ExitCode.failure
        }
    }
}

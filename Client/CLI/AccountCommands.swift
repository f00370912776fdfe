import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

struct Register: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli.register.abstract"))

    @OptionGroup var options: GlobalOptions
    @Option(help: ArgumentHelp(CLILanguage.text("cli-help.option.email"))) var email: String
    @Option(help: ArgumentHelp(CLILanguage.text("cli-help.register.role"))) var role: RoleOption

    func run() async throws {
        let settings = try options.settings()
        let (email, role) = (email, role.role)
        let password = try PasswordPrompt.readNew()
        try await settings.run { client, output in
            let response = try await client.account.register(email: email, password: password, role: role)
            try output.print(response) {
                response.confirmationSent == true
                    ? CLILanguage.text("cli-account.confirmation-sent", ["email": .text(email)])
                    : CLILanguage.text("cli-account.registered", ["email": .text(email), "role": .message(CLILanguage.roleName(role))])
            }
        }
    }
}

struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.login.abstract"),
        discussion: CLILanguage.text("cli-help.login.discussion"))

    @OptionGroup var options: GlobalOptions
    @Option(help: ArgumentHelp(CLILanguage.text("cli-help.option.email"))) var email: String?
    @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.login.browser"))) var browser = false
    @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.login.print"))) var print = false

    func validate() throws {
        if browser == (email != nil) { throw ValidationError(CLILanguage.text("cli-account.email-or-browser")) }
    }

    func run() async throws {
        let settings = try options.settings()
        guard let email else {
            let printOnly = print
            return try await settings.run { client, output in
                try await BrowserLogin.run(client: client, output: output, printOnly: printOnly)
            }
        }
        let password = try PasswordPrompt.read("cli-account.password-prompt")
        try await settings.run { client, output in
            let session = try await client.account.login(email: email, password: password)
            do {
                let profile = try await client.account.loadProfile()
                try output.print(profile) {
                    CLILanguage.text(
                        "cli-account.signed-in-as", ["email": .text(profile.email), "role": .message(CLILanguage.roleName(profile.role))])
                }
            } catch {
                output.note(CLILanguage.text("cli-account.profile-unavailable", ["error": .text(CLILanguage.describe(error))]))
                try output.print(SuccessResponse(message: "Signed in")) {
                    guard let role = session.role else { return CLILanguage.text("cli-account.signed-in", ["email": .text(email)]) }
                    return CLILanguage.text(
                        "cli-account.signed-in-as", ["email": .text(email), "role": .message(CLILanguage.roleName(role))])
                }
            }
        }
    }
}

struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli.logout.abstract"))

    @OptionGroup var options: GlobalOptions
    @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.logout.all"))) var all = false

    func run() async throws {
        let settings = try options.settings()
        let all = all
        try await settings.run { client, output in
            guard client.account.isLoggedIn else {
                try client.session.checkSessionIsThisServers()
                try output.print(SuccessResponse(message: "Not signed in")) { CLILanguage.text("cli-account.not-signed-in") }
                return
            }
            do {
                if all { try await client.account.logoutEverywhere() } else { try await client.account.logout() }
            } catch {
                throw CLIError(CLILanguage.text("cli-account.server-not-told", ["error": .text(CLILanguage.describe(error))]))
            }
            let message = CLILanguage.text(all ? "cli-account.signed-out-everywhere" : "cli-account.signed-out")
            try output.print(SuccessResponse(message: message)) { message }
        }
    }
}

struct WhoAmI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "whoami", abstract: CLILanguage.text("cli.whoami.abstract"))

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let settings = try options.settings()
        try await settings.run { client, output in
            let profile = try await client.account.loadProfile()
            try output.print(profile) {
                Table(
                    headers: ["cli.column.id", "cli.column.email", "cli.column.role"].map { CLILanguage.text($0) },
                    rows: [["\(profile.id)", profile.email, CLILanguage.text(CLILanguage.roleName(profile.role))]]
                ).render()
            }
        }
    }
}

/// `--role faculty|student`.
enum RoleOption: String, CaseIterable, ExpressibleByArgument {
    case faculty, student

    var role: Role {
        switch self {
        case .faculty: .faculty
        case .student: .student
        }
    }
}

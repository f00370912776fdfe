import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

struct Register: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli.register.abstract"))

    @OptionGroup var options: GlobalOptions
    @Option(help: "Your email address.") var email: String
    @Option(help: "Your role.") var role: RoleOption

    func run() async throws {
        let settings = try options.settings()
        let (email, role) = (email, role.role)
        let password = try PasswordPrompt.readNew()
        try await settings.run { client, output in
            let response = try await client.account.register(email: email, password: password, role: role)
            try output.print(response) {
                response.confirmationSent == true
                    ? "A link to confirm \(email) was mailed there: open it to choose your password; the account exists once you have."
                    : "Registered \(email) as \(role.name). Sign in with: examprep login --email \(email)"
            }
        }
    }
}

struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.login.abstract"),
        discussion: """
            --browser opens the server's sign-in page in your browser (a password, or your school's account where the \
            server offers it) and takes the session back over a loopback address of this machine (127.0.0.1).
            """)

    @OptionGroup var options: GlobalOptions
    @Option(help: "Your email address.") var email: String?
    @Flag(help: "Sign in in your browser (a password or your school's account).") var browser = false
    @Flag(help: "With --browser: print the address to open instead of opening it.") var print = false

    func validate() throws {
        if browser == (email != nil) { throw ValidationError("Give --email, or --browser to sign in in your browser.") }
    }

    func run() async throws {
        let settings = try options.settings()
        guard let email else {
            let printOnly = print
            return try await settings.run { client, output in
                try await BrowserLogin.run(client: client, output: output, printOnly: printOnly)
            }
        }
        let password = try PasswordPrompt.read("Password: ")
        try await settings.run { client, output in
            let session = try await client.account.login(email: email, password: password)
            do {
                let profile = try await client.account.loadProfile()
                try output.print(profile) { "Signed in as \(profile.email) (\(profile.role.name))." }
            } catch {
                output.note("Signed in, but the profile could not be loaded: \(error.localizedDescription)")
                try output.print(SuccessResponse(message: "Signed in")) {
                    "Signed in as \(email)\(session.role.map { " (\($0.name))" } ?? "")."
                }
            }
        }
    }
}

struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli.logout.abstract"))

    @OptionGroup var options: GlobalOptions
    @Flag(help: "End every session of this account, on every device.") var all = false

    func run() async throws {
        let settings = try options.settings()
        let all = all
        try await settings.run { client, output in
            guard client.account.isLoggedIn else {
                try client.session.checkSessionIsThisServers()
                try output.print(SuccessResponse(message: "Not signed in")) { "Not signed in." }
                return
            }
            do {
                if all { try await client.account.logoutEverywhere() } else { try await client.account.logout() }
            } catch {
                throw CLIError("Signed out on this machine, but the server was not told: \(error.localizedDescription)")
            }
            let message = all ? "Signed out on every device." : "Signed out."
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
                Table(headers: ["ID", "EMAIL", "ROLE"], rows: [["\(profile.id)", profile.email, profile.role.name]]).render()
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

import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Testing

/// A school's accounts from the command line, as an operator and an admin would run them: the
/// built `examprep-server create-admin`, then `examprep admin …`, `accept-invitation` and
/// `password reset` against the real server on the same database.
@Suite("Admin from the command line", .hangGuard)
struct AdminCLITests {
    static let adminPassword = "the admin's passphrase"

    @Test func createAdminReadsThePasswordFromStandardInputAndRefusesWhatRegistrationRefuses() async throws {
        var configuration = try await LiveServer.configuration()
        configuration.facultyRegistration = .invite
        guard case .external(let database) = configuration.database else { return }
        let environment = ["DATABASE_URL": FirstVersionDatabase.url(of: database), "LOG_LEVEL": "warning"]
        let email = uniqueEmail("admin")
        func createAdmin(_ email: String, input: String) async throws -> CLITests.Run {
            try await CLITests.run(
                try ServerProcessTests.serverBinary(), ["create-admin", "--email", email],
                environment: environment.merging(["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]) { $1 }, input: input)
        }
        let weak = try await createAdmin(email, input: "short\n")
        #expect(weak.status == 1 && weak.stderr.contains("at least 8 characters"), "\(weak.stderr)")
        let created = try await createAdmin(email, input: Self.adminPassword + "\n")
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains("created admin \(email)"))
        #expect(!created.stdout.contains(Self.adminPassword) && !created.stderr.contains(Self.adminPassword))
        let taken = try await createAdmin(email.uppercased(), input: Self.adminPassword + "\n")
        #expect(taken.status == 1 && taken.stderr.contains("already registered"), "\(taken.stderr)")
        let none = try await createAdmin(uniqueEmail("admin"), input: "")
        #expect(none.status == 1)

        try await EndToEnd.run(configuration) { server in
            let adminFolder = FileManager.default.temporaryDirectory.appending(path: "examprep-admin-\(UUID().uuidString)")
            let teacherFolder = FileManager.default.temporaryDirectory.appending(path: "examprep-teacher-\(UUID().uuidString)")
            defer {
                try? FileManager.default.removeItem(at: adminFolder)
                try? FileManager.default.removeItem(at: teacherFolder)
            }
            func admin(_ arguments: String..., input: String = "") async throws -> CLITests.Run {
                try await CLITests.examprep(arguments, input: input, server: server.baseURL, configFolder: adminFolder)
            }
            func teacher(_ arguments: String..., input: String = "") async throws -> CLITests.Run {
                try await CLITests.examprep(arguments, input: input, server: server.baseURL, configFolder: teacherFolder)
            }
            #expect(try await admin("login", "--email", email, input: Self.adminPassword + "\n").status == 0)

            let teacherEmail = uniqueEmail("teacher")
            let invited = try await admin("admin", "invite", "--email", teacherEmail, "--role", "faculty", "--json")
            #expect(invited.status == 0, "\(invited.stderr)")
            let invitation = try ExamPrepJSON.makeDecoder().decode(OneTimeLink.self, from: Data(invited.stdout.utf8))
            let accepted = try await teacher("accept-invitation", invitation.url, input: "teacher passphrase\n")
            #expect(accepted.status == 0, "\(accepted.stderr)")
            #expect(accepted.stdout.contains("faculty account is ready"))
            #expect(try await teacher("login", "--email", teacherEmail, input: "teacher passphrase\n").status == 0)
            #expect(try await teacher("courses", "create", "--name", "Algebra", "--description", "Groups").status == 0)

            let users = try await admin("admin", "users", "--role", "faculty", "--json")
            let listed = try ExamPrepJSON.makeDecoder().decode([AccountInfo].self, from: Data(users.stdout.utf8))
            let teacherID = try #require(listed.first { $0.email == teacherEmail }?.id)
            #expect(try await admin("admin", "users", "--search", teacherEmail).stdout.contains("enabled"))

            let disabled = try await admin("admin", "disable", "\(teacherID)")
            #expect(disabled.status == 0, "\(disabled.stderr)")
            #expect(try await teacher("whoami").status != 0)
            #expect(try await admin("admin", "enable", "\(teacherID)").status == 0)

            let made = try await admin("admin", "reset-link", "\(teacherID)", "--json")
            let link = try ExamPrepJSON.makeDecoder().decode(OneTimeLink.self, from: Data(made.stdout.utf8))
            let reset = try await teacher("password", "reset", link.url, input: "a new teacher passphrase\n")
            #expect(reset.status == 0, "\(reset.stderr)")
            let again = try await teacher("password", "reset", link.url, input: "yet another passphrase\n")
            #expect(again.status != 0 && again.stderr.contains("used or has expired"), "\(again.stderr)")
            #expect(try await teacher("login", "--email", teacherEmail, input: "a new teacher passphrase\n").status == 0)

            let forgot = try await teacher("password", "forgot", "--email", teacherEmail)
            #expect(forgot.status == 0 && forgot.stdout.contains("If an account has this address"), "\(forgot.stderr)")
            let audit = try await admin("admin", "audit")
            #expect(["invited", "disabled", "enabled", "made_reset_link"].allSatisfy(audit.stdout.contains), "\(audit.stdout)")
            let forbidden = try await teacher("admin", "users")
            #expect(forbidden.status != 0)
        }
    }
}

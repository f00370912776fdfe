import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Testing

/// Runs the built `examprep` binary against a booted server, as a person or a script would.
@Suite("The examprep CLI", .hangGuard)
struct CLITests {
    struct Run: Sendable {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output's bytes as written (a byte order mark included).
        var stdoutBytes = Data()
    }

    /// `examprep` next to the test bundle (`scripts/test` builds every product first).
    static func binary() throws -> URL {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [folder, folder.deletingLastPathComponent()].map { $0.appending(path: "examprep") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw CLIMissing(searched: candidates.map(\.path))
        }
        return found
    }

    struct CLIMissing: Error, CustomStringConvertible {
        var searched: [String]
        var description: String { "examprep is not built (looked in \(searched)); run swift build --build-tests" }
    }

    /// Runs `examprep` with `arguments`, `input` on standard input, the session in `configFolder`.
    static func examprep(_ arguments: [String], input: String = "", server: URL, configFolder: URL) async throws -> Run {
        try await run(
            try binary(), arguments + ["--server", server.absoluteString],
            environment: ["EXAMPREP_CONFIG_DIR": configFolder.path, "PATH": "/usr/bin:/bin"], input: input)
    }

    /// Runs `executable` to its end with `environment` (and nothing else) and `input` on
    /// standard input (none when nil). Its output goes to files, which cannot fill up and
    /// stall it as a pipe nobody reads would.
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String], input: String?) async throws -> Run {
        let scratch = FileManager.default.temporaryDirectory.appending(path: "examprep-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (stdinURL, stdoutURL, stderrURL) = (
            scratch.appending(path: "in"), scratch.appending(path: "out"), scratch.appending(path: "err")
        )
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        var standardInput = TestProcess.Stream.null
        if let input {
            try Data(input.utf8).write(to: stdinURL)
            standardInput = .file(try FileHandle(forReadingFrom: stdinURL))
        }
        let process = try TestProcess.launch(
            executable, arguments: arguments, environment: environment, input: standardInput,
            output: .file(try FileHandle(forWritingTo: stdoutURL)), error: .file(try FileHandle(forWritingTo: stderrURL)))
        do {
            // A guard against a hang, not a timing check: with the whole suite on two cores a
            // command waits its turn behind hundreds of password hashes.
            try await eventually(
                "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) to exit", within: .seconds(120),
                every: .milliseconds(10)
            ) {
                !process.isRunning
            }
        } catch {
            // Given up on or cancelled: it must not outlive the test.
            process.terminate()
            throw error
        }
        let bytes = try Data(contentsOf: stdoutURL)
        return Run(
            status: process.terminationStatus, stdout: String(decoding: bytes, as: UTF8.self),
            stderr: try String(contentsOf: stderrURL, encoding: .utf8), stdoutBytes: bytes)
    }

    @Test func aFacultyMemberWorksFromTheCommandLine() async throws {
        try await EndToEnd.run { server in
            let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-cli-config-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let email = uniqueEmail("cli")
            func cli(_ arguments: String..., input: String = "") async throws -> Run {
                try await Self.examprep(arguments, input: input, server: server.baseURL, configFolder: folder)
            }

            let registered = try await cli("register", "--email", email, "--role", "faculty", input: password + "\n")
            #expect(registered.status == 0, "\(registered.stderr)")
            let loggedIn = try await cli("login", "--email", email, input: password + "\n")
            #expect(loggedIn.status == 0, "\(loggedIn.stderr)")
            #expect(!loggedIn.stdout.contains(password) && !loggedIn.stderr.contains(password))

            let created = try await cli("courses", "create", "--name", "Algebra", "--description", "Groups and rings", "--json")
            #expect(created.status == 0, "\(created.stderr)")
            let course = try ExamPrepJSON.makeDecoder().decode(Course.self, from: Data(created.stdout.utf8))
            #expect(course.courseCode.count == 4)

            let listed = try await cli("courses", "list")
            #expect(listed.status == 0)
            #expect(listed.stdout.contains("Algebra") && listed.stdout.contains(course.courseCode))

            let whoami = try await cli("whoami", "--json")
            let profile = try ExamPrepJSON.makeDecoder().decode(UserProfile.self, from: Data(whoami.stdout.utf8))
            #expect(profile.email == email && profile.role == .faculty)

            // The server's message reaches the person, with a non-zero exit.
            let duplicate = try await cli("courses", "create", "--name", "algebra", "--description", "Again")
            #expect(duplicate.status != 0)
            #expect(duplicate.stderr.contains("You already have a course named"))

            let loggedOut = try await cli("logout")
            #expect(loggedOut.status == 0)
            let afterLogout = try await cli("whoami")
            #expect(afterLogout.status != 0)
        }
    }

    @Test func accountSelfServiceFromTheCommandLine() async throws {
        try await EndToEnd.run { server in
            let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-cli-config-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let email = uniqueEmail("cli-self")
            func cli(_ arguments: String..., input: String = "") async throws -> Run {
                try await Self.examprep(arguments, input: input, server: server.baseURL, configFolder: folder)
            }
            #expect(try await cli("register", "--email", email, "--role", "student", input: password + "\n").status == 0)
            #expect(try await cli("login", "--email", email, input: password + "\n").status == 0)

            let changed = try await cli("password", input: password + "\nanother fine passphrase\n")
            #expect(changed.status == 0, "\(changed.stderr)")
            #expect(changed.stdout.contains("Password changed"))

            let sessions = try await cli("sessions", "--json")
            #expect(sessions.status == 0, "\(sessions.stderr)")
            let listed = try ExamPrepJSON.makeDecoder().decode([SessionInfo].self, from: Data(sessions.stdout.utf8))
            #expect(listed.count == 1 && listed[0].current)
            #expect(try await cli("sessions").stdout.contains("(this one)"))

            let wrong = try await cli("delete-account", input: password + "\n")
            #expect(wrong.status != 0)
            #expect(wrong.stderr.contains("Email or password is incorrect."))
            let deleted = try await cli("delete-account", input: "another fine passphrase\n")
            #expect(deleted.status == 0, "\(deleted.stderr)")
            #expect(try await cli("whoami").status != 0)
        }
    }

    @Test func aWrongPasswordFailsWithTheServersMessage() async throws {
        try await EndToEnd.run { server in
            let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-cli-config-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let run = try await Self.examprep(
                ["login", "--email", uniqueEmail("nobody")], input: "whatever password\n", server: server.baseURL, configFolder: folder)
            #expect(run.status != 0)
            #expect(run.stderr.contains("Email or password is incorrect."))
        }
    }
}

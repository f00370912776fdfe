import ExamPrepClient
import Foundation
import Testing

/// Someone using `examprep` in a test: a session folder of their own, signed in with the
/// tests' password, every command expected to succeed unless said otherwise.
struct CLIPerson: Sendable {
    let folder: URL
    let server: URL

    /// Signs `email` (an account the test made) in from a new folder under `scratch`.
    static func signIn(_ email: String, server: URL, scratch: URL) async throws -> CLIPerson {
        let person = CLIPerson(folder: scratch.appending(path: "cli-\(UUID().uuidString.prefix(8))"), server: server)
        try await person.run("login", "--email", email, input: password + "\n")
        return person
    }

    @discardableResult
    func run(_ arguments: String..., input: String = "", succeeds: Bool = true) async throws -> CLITests.Run {
        let run = try await CLITests.examprep(arguments, input: input, server: server, configFolder: folder)
        if succeeds { #expect(run.status == 0, "examprep \(arguments.joined(separator: " ")): \(run.stderr)") }
        return run
    }

    /// The command line that runs `examprep` with `arguments` as this person, for a terminal.
    func command(_ arguments: String...) throws -> [String] {
        [try CLITests.binary().path] + arguments + ["--server", server.absoluteString]
    }

    var environment: [String: String] { ["EXAMPREP_CONFIG_DIR": folder.path, "LANG": "C.UTF-8"] }
}

/// A new folder for one test's files (the test removes it).
func scratchFolder(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Hole 12: `--database-url` with a password showed in `ps`. The URL may come from a file
/// (`DATABASE_URL_FILE`), and a password on the command line draws a warning.
@Suite("Abuse: secrets on the command line", .hangGuard)
struct CommandLineSecretTests {
    @Test func aPasswordOnTheCommandLineDrawsAWarningAndTheURLMayComeFromAFile() throws {
        var warnings: [String] = []
        _ = try AppConfiguration.load(
            arguments: ["--database-url", "postgres://app:s3cret@db/exams"], environment: [:], warnings: { warnings.append($0) })
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("DATABASE_URL_FILE") == true)
        _ = try AppConfiguration.load(
            arguments: ["--database-url", "postgres://app@db/exams"], environment: [:], warnings: { warnings.append($0) })
        #expect(warnings.count == 1, "no password, no warning")

        let file = FileManager.default.temporaryDirectory.appending(path: "examprep-url-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("postgres://app:s3cret@db:5432/exams\n".utf8).write(to: file)
        let configuration = try AppConfiguration(environment: ["DATABASE_URL_FILE": file.path])
        guard case .external(let database) = configuration.database else {
            Issue.record("DATABASE_URL_FILE was not used")
            return
        }
        #expect("\(database)".contains("db:5432/exams"))
        #expect(throws: ConfigurationError.self) {
            try AppConfiguration(environment: ["DATABASE_URL_FILE": file.path, "DATABASE_URL": "postgres://x@y/z"])
        }
    }

}

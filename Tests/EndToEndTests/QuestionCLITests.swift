import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// `examprep questions …` on the built binary against a booted server: a GIFT file imported
/// (dry run first), listed by topic, exported, and an exam written in YAML that draws from it.
@Suite("The examprep CLI: question banks", .hangGuard)
struct QuestionCLITests {
    @Test func aTeacherMovesABankInAndOutFromTheCommandLine() async throws {
        try await EndToEnd.run { server in
            let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-cli-bank-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            func cli(_ arguments: String..., input: String = "") async throws -> CLITests.Run {
                try await CLITests.examprep(arguments, input: input, server: server.baseURL, configFolder: folder)
            }
            let password = "a long enough password"
            let email = uniqueEmail("cli-bank")
            #expect(try await cli("register", "--email", email, "--role", "faculty", input: password + "\n").status == 0)
            #expect(try await cli("login", "--email", email, input: password + "\n").status == 0)
            let course = try ExamPrepJSON.makeDecoder().decode(
                Course.self, from: Data(try await cli("courses", "create", "--name", "Bank", "--description", "GIFT", "--json").stdout.utf8)
            )
            let courseId = "\(try #require(course.id))"

            let file = folder.appending(path: "bank.gift")
            try """
            $CATEGORY: Maths/Sums
            ::One plus one::1 + 1 = 2 {T}

            ::Two plus two::2 + 2 = ? {=4 ~3 ~5}

            $CATEGORY: Writing
            ::Essay::Describe your holidays. {}

            ::Broken::Pick one. {=a ~b
            """.write(to: file, atomically: true, encoding: .utf8)

            let dryRun = try await cli("questions", "import", file.path, "--course", courseId, "--dry-run")
            #expect(dryRun.status == 0, "\(dryRun.stderr)")
            #expect(dryRun.stdout.contains("Would import 3 questions."))
            #expect(dryRun.stdout.contains("line 9 (Broken):"))
            #expect(try await cli("questions", "list", "--course", courseId).stdout.contains("No questions."))

            let imported = try await cli("questions", "import", file.path, "--course", courseId)
            #expect(imported.status == 0 && imported.stdout.contains("Imported 3 questions (ids "), "\(imported.stderr)")
            let listed = try await cli("questions", "list", "--course", courseId, "--topic", "Maths")
            #expect(
                listed.stdout.contains("One plus one") && listed.stdout.contains("Two plus two") && listed.stdout.contains("Maths/Sums"))
            #expect(try await cli("questions", "list", "--course", courseId, "--topic", "Writing").stdout.contains("Essay"))

            let exported = folder.appending(path: "exported.gift")
            let export = try await cli("questions", "export", "--course", courseId, "--output", exported.path)
            #expect(export.status == 0, "\(export.stderr)")
            let gift = try String(contentsOf: exported, encoding: .utf8)
            #expect(gift.contains("$CATEGORY: Maths/Sums") && gift.contains("::Two plus two::"))

            // An exam in YAML that draws both questions for each attempt.
            let exam = folder.appending(path: "exam.yaml")
            try """
            title: Drawn
            timeLimitMinutes: 20
            questions:
              - kind: true_false
                prompt: Water is wet.
                points: 1
                answer: true
              - fromBank:
                  topic: Maths
                  count: 2
                  points: 2
            """.write(to: exam, atomically: true, encoding: .utf8)
            let created = try await cli("exams", "create", "--course", courseId, "--file", exam.path)
            #expect(created.status == 0, "\(created.stderr)")
            #expect(created.stdout.contains("3 questions, 5 points"))
            #expect(
                try await cli("exams", "publish", try #require(created.stdout.split(separator: " ").dropFirst(3).first).description).status
                    == 0)

            // Read as Aiken, the GIFT file holds no question; a file that is not there is said so.
            let aiken = try await cli("questions", "import", file.path, "--course", courseId, "--format", "aiken")
            #expect(
                aiken.status == 0 && aiken.stdout.contains("Imported 0 questions.") && aiken.stdout.contains("Skipped"), "\(aiken.stdout)")
            let missing = try await cli("questions", "import", folder.appending(path: "none.gift").path, "--course", courseId)
            #expect(missing.status != 0 && missing.stderr.contains("Cannot read"))
        }
    }
}

import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Testing

/// `examprep practice`, `mistakes` and `review` against a live server: a faculty member imports
/// questions and opens them for practice from the CLI, a student practises in a real terminal
/// (tmux) with feedback after every answer, then practises their mistakes from a pipe.
@Suite("The examprep CLI: practice in a terminal", .hangGuard)
struct PracticeCLITests {
    static let gift = """
        ::First::The first statement is true. {T#Not quite.#Yes.}

        ::Second::The second statement is true. {T}
        """

    @Test func aStudentPractisesInATerminalWithFeedbackAfterEveryAnswer() async throws {
        try await EndToEnd.run { server in
            let scratch = FileManager.default.temporaryDirectory.appending(path: "examprep-practice-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let (facultyFolder, studentFolder) = (scratch.appending(path: "faculty"), scratch.appending(path: "student"))
            @discardableResult
            func cli(_ folder: URL, _ arguments: String..., input: String = "") async throws -> CLITests.Run {
                let run = try await CLITests.examprep(arguments, input: input, server: server.baseURL, configFolder: folder)
                #expect(run.status == 0, "examprep \(arguments.joined(separator: " ")): \(run.stderr)")
                return run
            }

            // The faculty member imports two questions and opens the bank for practice.
            let facultyEmail = uniqueEmail("cli-faculty")
            try await cli(facultyFolder, "register", "--email", facultyEmail, "--role", "faculty", input: password + "\n")
            try await cli(facultyFolder, "login", "--email", facultyEmail, input: password + "\n")
            let created = try await cli(facultyFolder, "courses", "create", "--name", "Logic", "--description", "Statements", "--json")
            let course = try ExamPrepJSON.makeDecoder().decode(Course.self, from: Data(created.stdout.utf8))
            let courseID = try #require(course.id)
            let file = scratch.appending(path: "bank.gift")
            try Self.gift.write(to: file, atomically: true, encoding: .utf8)
            try await cli(facultyFolder, "questions", "import", file.path, "--course", "\(courseID)")
            let opened = try await cli(facultyFolder, "questions", "practice", "--course", "\(courseID)")
            #expect(opened.stdout.contains("2 questions opened for practice."))

            // The student practises in a terminal: one wrong, one right.
            let studentEmail = uniqueEmail("cli-student")
            try await cli(studentFolder, "register", "--email", studentEmail, "--role", "student", input: password + "\n")
            try await cli(studentFolder, "login", "--email", studentEmail, input: password + "\n")
            try await cli(studentFolder, "enroll", course.courseCode)
            let tmux = Tmux()
            do {
                let practice = [try CLITests.binary().path, "practice", "--server", server.baseURL.absoluteString]
                try await tmux.start(
                    "practice", command: practice, environment: ["EXAMPREP_CONFIG_DIR": studentFolder.path, "LANG": "C.UTF-8"])
                try await tmux.waitFor("practice") { $0.contains("Question 1 of 2") && $0.contains("> ") }
                try await tmux.type("f", into: "practice")
                let wrong = try await tmux.waitFor("practice", text: "Question 2 of 2")
                #expect(wrong.contains("Wrong: 0/1 point.") && wrong.contains("The right answer: true"))
                #expect(wrong.contains("Next review: ") && wrong.contains("(in 1 day)"))
                try await tmux.type("t", into: "practice")
                let done = try await tmux.waitFor("practice", text: "[exit 0]")
                #expect(done.contains("Right: 1/1 point.") && done.contains("1 of 2 answered right."))
                print("--- examprep practice ---\n\(done)")
            } catch {
                await tmux.killServer()
                throw error
            }
            await tmux.killServer()

            // The mistake is listed, with how to practise it; nothing is due today.
            let mistakes = try await cli(studentFolder, "mistakes")
            #expect(mistakes.stdout.contains("practice") && mistakes.stdout.contains("statement is true"))
            #expect(mistakes.stdout.contains("Practise these: examprep practice --course \(courseID) --mistakes"))
            let due = try await cli(studentFolder, "review", "--list")
            #expect(due.stdout.contains("Nothing is due for review today."))

            // Practising the mistakes from a pipe: the one question, answered right this time.
            let again = try await cli(studentFolder, "practice", "--course", "\(courseID)", "--mistakes", input: "t\n")
            #expect(again.stdout.contains("Question 1 of 1") && again.stdout.contains("Right: 1/1 point."))
            #expect(try await cli(studentFolder, "mistakes").stdout.contains("No mistakes to practise."))
            // Practice is no grade.
            #expect(try await cli(studentFolder, "grades").stdout.contains("No grades yet."))
        }
    }
}

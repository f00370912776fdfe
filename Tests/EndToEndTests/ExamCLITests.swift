import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Testing

/// `examprep exams take` in a real terminal (tmux), against a live server: a faculty member
/// writes the exam from a YAML file, a student takes it, leaves half-way, comes back and
/// finishes.
@Suite("The examprep CLI: exams in a terminal", .hangGuard)
struct ExamCLITests {
    static let examYAML = """
        title: Terminal quiz
        instructions: Four questions, thirty minutes.
        timeLimitMinutes: 30
        policy:
          shuffleChoices: false       # the tests type choices by their numbers
        questions:
          - kind: single_choice
            prompt: 2 + 2 = ?
            points: 1
            choices:
              - {id: a, text: "3"}
              - {id: b, text: "4"}
            answer: b
          - kind: multiple_choice
            prompt: Which are prime?
            points: 2
            choices: [{id: a, text: "2"}, {id: b, text: "3"}, {id: c, text: "4"}]
            answer: [a, b]
          - kind: true_false
            prompt: Water is wet.
            points: 1
            answer: true
          - kind: short_answer
            prompt: German for anger?
            points: 3
            answer: [Ärger, Wut]
        """

    @Test func aStudentTakesAnExamInATerminalLeavesAndResumes() async throws {
        try await EndToEnd.run { server in
            let scratch = FileManager.default.temporaryDirectory.appending(path: "examprep-take-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let (facultyFolder, studentFolder) = (scratch.appending(path: "faculty"), scratch.appending(path: "student"))
            @discardableResult
            func cli(_ folder: URL, _ arguments: String..., input: String = "") async throws -> CLITests.Run {
                let run = try await CLITests.examprep(arguments, input: input, server: server.baseURL, configFolder: folder)
                #expect(run.status == 0, "examprep \(arguments.joined(separator: " ")): \(run.stderr)")
                return run
            }

            // The faculty member writes the exam in YAML and publishes it.
            let facultyEmail = uniqueEmail("cli-faculty")
            try await cli(facultyFolder, "register", "--email", facultyEmail, "--role", "faculty", input: password + "\n")
            try await cli(facultyFolder, "login", "--email", facultyEmail, input: password + "\n")
            let created = try await cli(facultyFolder, "courses", "create", "--name", "German", "--description", "Words", "--json")
            let course = try ExamPrepJSON.makeDecoder().decode(Course.self, from: Data(created.stdout.utf8))
            let file = scratch.appending(path: "quiz.yaml")
            try Self.examYAML.write(to: file, atomically: true, encoding: .utf8)
            let draft = try await cli(facultyFolder, "exams", "create", "--course", "\(course.id!)", "--file", file.path, "--json")
            let exam = try ExamPrepJSON.makeDecoder().decode(Exam.self, from: Data(draft.stdout.utf8))
            #expect(exam.questions.map(\.answer) == [.text("b"), .texts(["a", "b"]), .bool(true), .texts(["Ärger", "Wut"])])
            let published = try await cli(facultyFolder, "exams", "publish", "\(exam.id)")
            #expect(published.stdout.contains("Published exam \(exam.id)"))
            // Closed by mistake, then reopened (issue 67).
            try await cli(facultyFolder, "exams", "close", "\(exam.id)")
            #expect(try await cli(facultyFolder, "exams", "reopen", "\(exam.id)").stdout.contains("Reopened exam \(exam.id)"))

            // The student enrolls and sees the exam.
            let studentEmail = uniqueEmail("cli-student")
            try await cli(studentFolder, "register", "--email", studentEmail, "--role", "student", input: password + "\n")
            try await cli(studentFolder, "login", "--email", studentEmail, input: password + "\n")
            try await cli(studentFolder, "enroll", course.courseCode)
            let listed = try await cli(studentFolder, "exams", "list")
            #expect(listed.stdout.contains("Terminal quiz") && listed.stdout.contains("30 min"))

            // In a terminal: two answers, then Ctrl-C.
            let tmux = Tmux()
            do {
                try await Self.take(exam: exam, tmux: tmux, server: server, studentFolder: studentFolder)
            } catch {
                await tmux.killServer()
                throw error
            }
            await tmux.killServer()
            #expect(await !tmux.isRunning(), "the test's tmux server outlived it")

            // Grades on both sides, and the CSV export.
            let mine = try await cli(studentFolder, "grades")
            #expect(mine.stdout.contains("7/7") && mine.stdout.contains("Terminal quiz"))
            let book = try await cli(facultyFolder, "grades", "--course", "\(course.id!)", "--csv")
            let lines = book.stdout.split(separator: "\r\n")
            // To a file, the server's bytes: the byte order mark spreadsheets need first.
            #expect(
                lines.first
                    == "\u{FEFF}name,studentNumber,email,examTitle,percent,score,maxScore,submittedAt,studentId,examId,attemptId,grade")
            #expect(lines.count == 2 && lines.last?.contains(",\(studentEmail),Terminal quiz,100,7,7,") == true)
        }
    }

    @MainActor
    static func take(exam: Exam, tmux: Tmux, server: EndToEnd, studentFolder: URL) async throws {
        let take = [try CLITests.binary().path, "exams", "take", "\(exam.id)", "--server", server.baseURL.absoluteString]
        let environment = ["EXAMPREP_CONFIG_DIR": studentFolder.path, "LANG": "C.UTF-8"]
        try await tmux.start("first", command: take, environment: environment)
        let first = try await tmux.waitFor("first") { $0.contains("Question 1 of 4") && $0.contains(" left] > ") }
        #expect(first.contains("[30:00 left] > ") || first.contains("[29:5"))
        // Choices by their number on the screen (the ids a student gets are aliases).
        try await tmux.type("2", into: "first")
        try await tmux.waitFor("first", text: "Question 2 of 4")
        try await tmux.type("x", into: "first")  // not a choice: asked again
        try await tmux.waitFor("first") { $0.components(separatedBy: "separated by commas or spaces.").count >= 3 }
        try await tmux.type("1, 2", into: "first")
        try await tmux.waitFor("first", text: "Question 3 of 4")
        try await tmux.press("C-c", in: "first")
        let left = try await tmux.waitFor("first", text: "[exit 130]")
        #expect(left.contains("Your answers are saved."))

        // Again: it continues at question 3 and finishes.
        try await tmux.start("second", command: take, environment: environment)
        let resumed = try await tmux.waitFor("second") { $0.contains("Question 3 of 4") && $0.contains(" left] > ") }
        #expect(resumed.contains("Continuing: 2 of 4 answers are saved."))
        #expect(!resumed.contains("Question 1 of 4"))
        try await tmux.type("/flag", into: "second")  // flags question 3 for review, and asks it again
        try await tmux.waitFor("second", text: "Flagged for review.")
        try await tmux.type("t", into: "second")
        try await tmux.waitFor("second", text: "Question 4 of 4")
        try await tmux.type("ärger", into: "second")
        // The server's summary before the question, and what submitting makes final.
        let summary = try await tmux.waitFor("second", text: "Submit now? [y/N]")
        #expect(summary.contains("Answered 4 of 4. Flagged for review: question 3. Once submitted, your answers are final."))
        try await tmux.type("y", into: "second")
        let finished = try await tmux.waitFor("second", text: "[exit 0]")
        #expect(finished.contains("Submitted. Score: 7/7"))
        print("--- examprep exams take, first run ---\n\(left)\n--- second run ---\n\(finished)")
    }
}

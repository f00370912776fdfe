import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// Exam day in the terminal: a student with extra time sees both time zones, keeps answering
/// while the connection is cut and loses nothing; the teacher follows the exam with the CLI.
@Suite("The examprep CLI: exam day", .hangGuard)
struct ExamDayCLITests {
    @Test func aStudentKeepsAnsweringWhileOfflineAndTheTeacherFollowsTheExam() async throws {
        try await EndToEnd.run { server in
            let scratch = FileManager.default.temporaryDirectory.appending(path: "examprep-day-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let proxy = try await CuttableProxy.start(to: try #require(server.baseURL.port))
            defer { Task { await proxy.stop() } }
            let proxied = try #require(URL(string: "http://127.0.0.1:\(proxy.port)"))
            let (teacherFolder, studentFolder) = (scratch.appending(path: "teacher"), scratch.appending(path: "student"))
            @discardableResult
            func cli(_ folder: URL, _ arguments: String..., input: String = "", expecting status: Int32 = 0) async throws -> CLITests.Run {
                // The student's session is bound to the address it signed in at: the proxy's.
                let address = folder == studentFolder ? proxied : server.baseURL
                let run = try await CLITests.examprep(arguments, input: input, server: address, configFolder: folder)
                #expect(run.status == status, "examprep \(arguments.joined(separator: " ")): \(run.stderr)")
                return run
            }

            let teacherEmail = uniqueEmail("cli-teacher")
            try await cli(teacherFolder, "register", "--email", teacherEmail, "--role", "faculty", input: password + "\n")
            try await cli(teacherFolder, "login", "--email", teacherEmail, input: password + "\n")
            let created = try await cli(
                teacherFolder, "courses", "create", "--name", "Zoned", "--description", "Warsaw time", "--time-zone", "Europe/Warsaw",
                "--json")
            let course = try ExamPrepJSON.makeDecoder().decode(Course.self, from: Data(created.stdout.utf8))
            #expect(course.timeZone == "Europe/Warsaw")
            let file = scratch.appending(path: "quiz.yaml")
            try ExamCLITests.examYAML.write(to: file, atomically: true, encoding: .utf8)
            let draft = try await cli(teacherFolder, "exams", "create", "--course", "\(course.id!)", "--file", file.path, "--json")
            let exam = try ExamPrepJSON.makeDecoder().decode(Exam.self, from: Data(draft.stdout.utf8))
            try await cli(teacherFolder, "exams", "publish", "\(exam.id)")

            // The student enrolls; the teacher gives them double time.
            let studentEmail = uniqueEmail("cli-student")
            try await cli(studentFolder, "register", "--email", studentEmail, "--role", "student", input: password + "\n")
            try await cli(studentFolder, "login", "--email", studentEmail, input: password + "\n")
            try await cli(studentFolder, "enroll", course.courseCode)
            let me = try await cli(studentFolder, "whoami", "--json")
            let studentId = try ExamPrepJSON.makeDecoder().decode(UserProfile.self, from: Data(me.stdout.utf8)).id
            let accommodated = try await cli(
                teacherFolder, "courses", "accommodate", "\(course.id!)", "--student", "\(studentId)", "--multiplier", "2")
            #expect(accommodated.stdout.contains("× 2 + 0 min"))
            let lowered = try await cli(
                teacherFolder, "courses", "accommodate", "\(course.id!)", "--student", "\(studentId)", "--multiplier", "2",
                "--grade-offset", "20", "--json")
            let stored = try ExamPrepJSON.makeDecoder().decode(Accommodation.self, from: Data(lowered.stdout.utf8))
            #expect(stored.gradeThresholdOffsetPercent == 20 && stored.timeMultiplier == 2)
            #expect(try await cli(studentFolder, "exams", "list").stdout.contains("60 min (extended from 30)"))

            // In a terminal, through a connection the test cuts.
            let tmux = Tmux()
            defer { Task { await tmux.killServer() } }
            let take = [try CLITests.binary().path, "exams", "take", "\(exam.id)", "--server", proxied.absoluteString]
            try await tmux.start(
                "take", command: take,
                environment: ["EXAMPREP_CONFIG_DIR": studentFolder.path, "LANG": "C.UTF-8", "TZ": "America/New_York"])
            let opened = try await tmux.waitFor("take") { $0.contains("Question 1 of 4") && $0.contains(" left] > ") }
            #expect(opened.contains("Time limit: 60 min (extended from 30)."))
            #expect(opened.contains("Europe/Warsaw (course) = ") && opened.contains("America/New_York (yours)"))
            #expect(opened.contains("[1:00:00 left] > ") || opened.contains("[59:5"))
            // Choices by their number on the screen (the ids a student gets are aliases).
            try await tmux.type("2", into: "take")
            try await tmux.waitFor("take", text: "Question 2 of 4")

            proxy.cut()
            try await tmux.type("1 2", into: "take")
            let offline = try await tmux.waitFor("take") { $0.contains("Question 3 of 4") && $0.contains("offline, 1 answer waiting] > ") }
            #expect(offline.contains("Kept on this computer: 1 answer waiting."))
            try await tmux.type("t", into: "take")
            try await tmux.waitFor("take") { $0.contains("Question 4 of 4") && $0.contains("offline, 2 answers waiting] > ") }

            proxy.restore()
            try await tmux.waitFor("take") { screen in
                screen.split(separator: "\n").last { $0.contains("] > ") }.map { !$0.contains("waiting") } ?? false
            }
            try await tmux.type("wut", into: "take")
            try await tmux.waitFor("take", text: "Submit now? [y/N]")
            try await tmux.type("y", into: "take")
            let finished = try await tmux.waitFor("take", text: "[exit 0]")
            #expect(finished.contains("Submitted. Score: 7/7"))

            // The teacher's view of the exam and of the attempt's log.
            let attempts = try await cli(teacherFolder, "exams", "attempts", "\(exam.id)")
            #expect(attempts.stdout.contains(studentEmail) && attempts.stdout.contains("7/7"))
            #expect(attempts.stdout.contains("Times are the course's (Europe/Warsaw)."))
            let listed = try await cli(teacherFolder, "exams", "attempts", "\(exam.id)", "--json")
            let attempt = try #require(
                try ExamPrepJSON.makeDecoder().decode([FacultyAttemptSummary].self, from: Data(listed.stdout.utf8)).first)
            let events = try await cli(teacherFolder, "exams", "events", "\(attempt.attemptId)")
            for kind in ["started", "saved", "submitted"] { #expect(events.stdout.contains(kind)) }
            let late = try await cli(teacherFolder, "exams", "extend", "\(attempt.attemptId)", "--minutes", "5", expecting: 1)
            #expect(late.stderr.contains("is submitted"))
            let override = try await cli(
                teacherFolder, "exams", "override", "\(exam.id)", "--student", "\(studentId)", "--extra-attempts", "1")
            #expect(override.stdout.contains("has their own terms"))
            #expect(try await cli(studentFolder, "exams", "list").stdout.contains("1/2"))
        }
    }
}

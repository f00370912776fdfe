import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// Essays in the CLI (issue 41): a student writes one in `examprep exams take` (tmux), the
/// result says it is pending; the teacher lists the queue with `examprep grading list` and
/// grades it with `examprep grading grade`.
@Suite("The examprep CLI: essays graded by hand", .hangGuard)
@MainActor
struct GradingCLITests {
    @Test func aStudentWritesAnEssayAndTheTeacherGradesItInTheTerminal() async throws {
        try await EndToEnd.run { server in
            let scratch = try scratchFolder("grading")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let room = try await Classroom.open(server)
            let exam = try await room.publish(EssayGradingTests.draft())
            let student = try await CLIPerson.signIn(
                try await room.student.account.loadProfile().email, server: server.baseURL, scratch: scratch)
            let teacher = try await CLIPerson.signIn(
                try await room.faculty.account.loadProfile().email, server: server.baseURL, scratch: scratch)

            let tmux = Tmux()
            do {
                try await tmux.start("take", command: try student.command("exams", "take", "\(exam.id)"), environment: student.environment)
                try await tmux.waitFor("take") { $0.contains("Question 1 of 2") && $0.contains("essay, graded by hand") }
                try await tmux.type("Light scatters, \"Rayleigh\" said.\\nBlue wins.", into: "take")
                try await tmux.waitFor("take", text: "Question 2 of 2")
                try await tmux.type("1 2", into: "take")
                try await tmux.waitFor("take", text: "Submit now? [y/N]")
                try await tmux.type("y", into: "take")
                let result = try await tmux.waitFor("take", text: "[exit 0]")
                #expect(result.contains("Score: 2/7 so far, pending"), "\(result)")
            } catch {
                await tmux.killServer()
                throw error
            }
            await tmux.killServer()

            let listed = try await teacher.run("grading", "list", "--exam", "\(exam.id)", "--pending").stdout
            #expect(listed.contains("ATTEMPT") && listed.contains("pending/5") && listed.contains("Light scatters"), "\(listed)")
            let queue = try await room.faculty.faculty.essayQueue(examId: exam.id)
            let essay = try #require(queue.first)
            #expect(essay.text == "Light scatters, \"Rayleigh\" said.\nBlue wins.")
            let graded = try await teacher.run(
                "grading", "grade", "--attempt", "\(essay.attemptId)", "--question", "\(essay.questionId)", "--points", "4.5",
                "--comment", "Name the law.")
            #expect(graded.stdout.contains("Graded. Attempt \(essay.attemptId): 6.5/7, final."), "\(graded.stdout)")
            let refused = try await teacher.run(
                "grading", "grade", "--attempt", "\(essay.attemptId)", "--question", "\(essay.questionId)", "--points", "9",
                succeeds: false)
            #expect(refused.status != 0 && refused.stderr.contains("points must be from 0 to 5"), "\(refused.stderr)")
            #expect(try await teacher.run("grading", "list", "--exam", "\(exam.id)", "--pending").stdout.contains("No essay waits"))
        }
    }
}

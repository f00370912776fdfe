import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Testing

/// `examprep exams take` in tmux (issue 44): going back to any question before submitting,
/// and the result as the exam's review options allow it: prompts, the student's answers,
/// "partly right" for partial credit, right answers and feedback.
@Suite("The examprep CLI: going back, and the result", .hangGuard)
@MainActor
struct ExamReviewCLITests {
    static let draft = ExamDraft(
        // In the author's order: the test types choices by their numbers.
        title: "Review quiz", timeLimitMinutes: 30,
        policy: ExamPolicy(shuffleChoices: false, review: ReviewOptions(afterSubmit: ReviewItem.allCases)),
        questions: [
            QuestionDraft(
                kind: .singleChoice, prompt: "Capital of France?", points: 1,
                choices: [Choice(id: "a", text: "Paris"), Choice(id: "b", text: "Lyon")], answer: .text("a"),
                generalFeedback: "Paris has been the capital since 987."),
            QuestionDraft(
                kind: .multipleChoice, prompt: "Which are prime?", points: 2,
                choices: [
                    Choice(id: "a", text: "2", weight: 50), Choice(id: "b", text: "3", weight: 50),
                    Choice(id: "c", text: "4", weight: -100),
                ], answer: .texts(["a", "b"])),
            QuestionDraft(kind: .trueFalse, prompt: "Water is wet.", points: 1, answer: .bool(true)),
        ])

    @Test func aStudentGoesBackBeforeSubmittingAndReadsTheResult() async throws {
        try await EndToEnd.run { server in
            let scratch = try scratchFolder("review")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let room = try await Classroom.open(server)
            let exam = try await room.publish(Self.draft)
            let student = try await CLIPerson.signIn(
                try await room.student.account.loadProfile().email, server: server.baseURL, scratch: scratch)
            let tmux = Tmux()
            do {
                try await tmux.start("take", command: try student.command("exams", "take", "\(exam.id)"), environment: student.environment)
                try await tmux.waitFor("take") { $0.contains("Question 1 of 3") && $0.contains(" left] > ") }
                try await tmux.type("2", into: "take")  // Lyon: wrong, changed later
                try await tmux.waitFor("take", text: "Question 2 of 3")
                try await tmux.type("/go 1", into: "take")  // back to the first, kept as it is
                try await tmux.waitFor("take") { $0.contains("Saved: 2.") && $0.components(separatedBy: "Question 1 of 3").count == 3 }
                try await tmux.type("", into: "take")
                try await tmux.waitFor("take") { $0.components(separatedBy: "Question 2 of 3").count == 3 }
                try await tmux.type("1", into: "take")  // one of the two primes: half the points
                try await tmux.waitFor("take", text: "Question 3 of 3")
                try await tmux.type("t", into: "take")
                let summary = try await tmux.waitFor("take", text: "(or a question's number to go back to it)")
                #expect(summary.contains("Answered 3 of 3."))

                // From the summary to question 1, a new answer, and the summary again.
                try await tmux.type("1", into: "take")
                try await tmux.waitFor("take") { $0.components(separatedBy: "Question 1 of 3").count == 4 }
                try await tmux.type("1", into: "take")
                try await tmux.waitFor("take") { $0.components(separatedBy: "Submit now? [y/N]").count == 3 }
                #expect(
                    try await tmux.capture("take").components(separatedBy: "Question 2 of 3").count == 3, "straight back to the summary")
                try await tmux.type("y", into: "take")
                let result = try await tmux.waitFor("take", text: "[exit 0]")
                #expect(result.contains("Submitted. Score: 3/4"), "\(result)")
                #expect(result.contains("1. Capital of France?") && result.contains("Paris has been the capital since 987."))
                #expect(result.contains("2. Which are prime?") && result.contains("Partly right: 1/2"))
                #expect(!result.contains("Wrong: 1/2") && !result.contains("wrong 1/2"))
                #expect(result.contains("The right answer: 1) 2; 2) 3"))
                #expect(result.contains("3. Water is wet.") && result.contains("Your answer: true") && result.contains("Right: 1/1"))
                print("--- examprep exams take, going back ---\n\(result)")
            } catch {
                await tmux.killServer()
                throw error
            }
            await tmux.killServer()
        }
    }
}

import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// `examprep grading list|grade`: essays graded by hand (faculty).
struct GradingCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grading", abstract: CLILanguage.text("cli.grading.abstract"), subcommands: [List.self, Grade.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "An exam's essays, those not graded yet first (at most 200; grading them brings the next).")

        @OptionGroup var options: GlobalOptions
        @Option(help: "The exam's id.") var exam: Int
        @Flag(help: "Only the essays not graded yet.") var pending = false

        func run() async throws {
            let (exam, pending) = (exam, pending)
            try await options.settings().run { client, output in
                let essays = try await client.faculty.essayQueue(examId: exam, pendingOnly: pending)
                try output.print(essays) {
                    essays.isEmpty
                        ? (pending ? "No essay waits to be graded." : "No essay submitted yet.")
                        : Table(
                            headers: ["ATTEMPT", "STUDENT", "QUESTION", "POINTS", "TEXT"],
                            rows: essays.map { essay in
                                [
                                    "\(essay.attemptId)", essay.studentId.map(String.init) ?? "-", "\(essay.questionId)",
                                    "\(essay.points.map(Points.text) ?? "pending")/\(essay.maxPoints)", Self.excerpt(essay.text),
                                ]
                            }
                        ).render()
                }
            }
        }

        /// The first line of the text, at most 60 characters.
        static func excerpt(_ text: String) -> String {
            let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            return line.count > 60 ? String(line.prefix(59)) + "…" : line
        }
    }

    struct Grade: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Grade one essay: points (0 to the question's, two decimals) and a comment the student sees.")

        @OptionGroup var options: GlobalOptions
        @Option(help: "The attempt's id.") var attempt: Int
        @Option(help: "The essay's question id in the exam.") var question: Int
        @Option(help: "The points it earns.") var points: Double
        @Option(help: "Feedback for the student.") var comment: String?

        func run() async throws {
            let (attempt, question, points, comment) = (attempt, question, points, comment)
            try await options.settings().run { client, output in
                let graded = try await client.faculty.gradeEssay(attemptId: attempt, questionId: question, points: points, comment: comment)
                try output.print(graded) {
                    "Graded. Attempt \(attempt): \(Points.text(graded.score))/\(Points.text(graded.maxScore))"
                        + (graded.needsGrading ? ", still pending: another essay waits." : ", final.")
                }
            }
        }
    }
}

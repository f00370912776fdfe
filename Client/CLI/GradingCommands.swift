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
            abstract: CLILanguage.text("cli-help.grading.list.abstract"))

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.option.exam"))) var exam: Int
        @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.grading.list.pending"))) var pending = false

        func run() async throws {
            let (exam, pending) = (exam, pending)
            try await options.settings().run { client, output in
                let essays = try await client.faculty.essayQueue(examId: exam, pendingOnly: pending)
                try output.print(essays) {
                    essays.isEmpty
                        ? CLILanguage.text(pending ? "cli-course.no-essay-waits" : "cli-course.no-essay")
                        : Table(
                            headers: [
                                "cli.column.attempt", "cli.column.student", "cli.column.question", "cli.column.points", "cli.column.text",
                            ].map { CLILanguage.text($0) },
                            rows: essays.map { essay in
                                [
                                    "\(essay.attemptId)",
                                    studentText(name: essay.studentName, number: essay.studentNumber, id: essay.studentId),
                                    "\(essay.questionId)",
                                    "\(essay.points.map(Points.text) ?? CLILanguage.text("cli-course.pending"))/\(essay.maxPoints)",
                                    Self.excerpt(essay.text),
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
            abstract: CLILanguage.text("cli-help.grading.grade.abstract"))

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.option.attempt"))) var attempt: Int
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.grading.grade.question"))) var question: Int
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.grading.grade.points"))) var points: Double
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.grading.grade.comment"))) var comment: String?

        func run() async throws {
            let (attempt, question, points, comment) = (attempt, question, points, comment)
            try await options.settings().run { client, output in
                let graded = try await client.faculty.gradeEssay(attemptId: attempt, questionId: question, points: points, comment: comment)
                try output.print(graded) {
                    CLILanguage.text(
                        graded.needsGrading ? "cli-course.graded-pending" : "cli-course.graded-final",
                        [
                            "attempt": .integer(attempt), "score": .text(Points.text(graded.score)),
                            "max": .text(Points.text(graded.maxScore)),
                        ])
                }
            }
        }
    }
}

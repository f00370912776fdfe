import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// A course's question bank from the terminal (faculty): GIFT or Aiken files in, GIFT out,
/// the questions listed by topic and tag, and a fixed question's attempts regraded.
struct Questions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.questions.abstract"),
        subcommands: [Import.self, Export.self, List.self, Regrade.self, OpenForPractice.self])

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a GIFT (Moodle) or Aiken file into a course's bank.",
            discussion: """
                Every question the file holds is imported, or none; a question that has no counterpart \
                (an essay, a description, a blank inside the text) is listed with its line and reason. \
                With --dry-run nothing is imported.
                """)

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The file (UTF-8 text).") var file: String
        @Option(help: ArgumentHelp(CourseReference.help)) var course: CourseReference
        @Option(help: "gift (the default) or aiken.") var format: InterchangeFormat = .gift
        @Flag(help: "Read the file and report; import nothing.") var dryRun = false
        @Flag(help: "Open the imported questions for students' practice.") var practice = false

        func run() async throws {
            let settings = try options.settings()
            let text = try readText(file)
            let (course, format, dryRun, practice) = (course, format, dryRun, practice)
            try await settings.run { client, output in
                let report = try await client.faculty.importQuestions(
                    text, courseId: try await course.id(in: client), format: format, dryRun: dryRun, practice: practice)
                try output.print(report) { importSummary(report, dryRun: dryRun) }
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a course's bank as GIFT (to standard output, or --output FILE).")

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CourseReference.help)) var course: CourseReference
        @Option(help: "Only this topic and the topics below it.") var topic: String?
        @Option(help: "Only questions with this tag.") var tag: String?
        @Option(help: "The file to write.") var output: String?

        func run() async throws {
            let settings = try options.settings()
            let (course, topic, tag, path) = (course, topic, tag, output)
            try await settings.run { client, output in
                let gift = try await client.faculty.exportQuestions(courseId: try await course.id(in: client), topic: topic, tag: tag)
                if let path {
                    do {
                        try Data(gift.utf8).write(to: URL(fileURLWithPath: path))
                    } catch {
                        throw CLIError("Cannot write \(path): \(error.localizedDescription)")
                    }
                    output.note("Wrote \(path).")
                } else {
                    let shown = TerminalText.standardOutputIsTerminal ? TerminalText.clean(gift) : gift
                    FileHandle.standardOutput.write(Data(shown.utf8))
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List a course's bank: id, kind, points, version, open for practice, topic, tags, name.")

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CourseReference.help)) var course: CourseReference
        @Option(help: "Only this topic and the topics below it.") var topic: String?
        @Option(help: "Only questions with this tag.") var tag: String?

        func run() async throws {
            let settings = try options.settings()
            let (course, topic, tag) = (course, topic, tag)
            try await settings.run { client, output in
                let questions = try await client.faculty.loadQuestions(courseId: try await course.id(in: client), topic: topic, tag: tag)
                try output.print(questions) {
                    questions.isEmpty
                        ? "No questions."
                        : Table(
                            headers: ["ID", "KIND", "POINTS", "VERSION", "PRACTICE", "TOPIC", "TAGS", "NAME OR PROMPT"],
                            rows: questions.map {
                                [
                                    "\($0.id)", $0.kind.rawValue, "\($0.points)", "\($0.version ?? 1)", $0.practice == true ? "open" : "-",
                                    $0.topic ?? "",
                                    ($0.tags ?? []).joined(separator: ","), oneLine($0.name ?? $0.prompt),
                                ]
                            }
                        ).render()
                }
            }
        }
    }

    struct Regrade: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Regrade every attempt that had a question, after fixing it.",
            discussion: """
                --mode current-answer grades each attempt's answer again by the question as it is now; \
                --mode full-credit gives every attempt the question's full points. --dry-run lists the \
                scores that would change and changes nothing.
                """)

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The question's id.") var question: Int
        @Option(help: "current-answer or full-credit.") var mode: RegradeMode
        @Flag(help: "List what would change; change nothing.") var dryRun = false

        func run() async throws {
            let settings = try options.settings()
            let (question, mode, dryRun) = (question, mode, dryRun)
            try await settings.run { client, output in
                let changes = try await client.faculty.regradeQuestion(question, mode: mode, dryRun: dryRun)
                try output.print(changes) {
                    guard !changes.isEmpty else { return "No score changes." }
                    let table = Table(
                        headers: ["ATTEMPT", "STUDENT", "BEFORE", "AFTER"],
                        rows: changes.map {
                            ["\($0.attemptId)", $0.studentId.map(String.init) ?? "-", Points.text($0.before), Points.text($0.after)]
                        }
                    ).render()
                    return table + "\n"
                        + (dryRun ? "\(changes.count) scores would change; nothing was changed." : "\(changes.count) scores changed.")
                }
            }
        }
    }
}

extension InterchangeFormat: ExpressibleByArgument {}

extension RegradeMode: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.replacingOccurrences(of: "-", with: "_"))
    }
}

private func importSummary(_ report: QuestionImportReport, dryRun: Bool) -> String {
    let verb = dryRun ? "Would import" : "Imported"
    let ids = report.questionIds.isEmpty ? "" : " (ids \(report.questionIds.map(String.init).joined(separator: ", ")))"
    var lines = ["\(verb) \(report.imported) question\(report.imported == 1 ? "" : "s")\(ids)."]
    if !report.skipped.isEmpty {
        lines.append("Skipped \(report.skipped.count):")
        lines += report.skipped.map { "  line \($0.line)\($0.name.map { " (\(oneLine($0)))" } ?? ""): \($0.reason)" }
    }
    return lines.joined(separator: "\n")
}

/// A text on one table line: its first line, at most 60 characters.
private func oneLine(_ text: String) -> String {
    let first = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    return first.count > 60 ? String(first.prefix(59)) + "…" : first
}

/// A UTF-8 text file, or a message saying why it cannot be read.
func readText(_ path: String) throws -> String {
    let data: Data
    do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw CLIError("Cannot read \(path): \(error.localizedDescription)")
    }
    guard let text = String(data: data, encoding: .utf8) else { throw CLIError("\(path) is not UTF-8 text.") }
    return text
}

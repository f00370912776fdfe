import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// A course's question bank from the terminal (faculty): GIFT or Aiken files in, GIFT out,
/// the questions listed by topic and tag, and a fixed question's attempts regraded.
struct Questions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.questions.abstract"),
        subcommands: [Import.self, Export.self, List.self, Regrade.self, OpenForPractice.self, UploadPicture.self])

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLILanguage.text("cli-help.questions.import.abstract"),
            discussion: CLILanguage.text("cli-help.questions.import.discussion"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.questions.import.file"))) var file: String
        @Option(help: ArgumentHelp(CourseReference.help)) var course: CourseReference
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.questions.import.format"))) var format: InterchangeFormat?
        @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.questions.import.dry-run"))) var dryRun = false
        @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.questions.import.practice"))) var practice = false

        func run() async throws {
            let settings = try options.settings()
            let text = try readText(file)
            // A `.xml` file is Moodle XML unless --format says otherwise.
            let format = format ?? (file.lowercased().hasSuffix(".xml") ? .moodlexml : .gift)
            let (course, dryRun, practice) = (course, dryRun, practice)
            try await settings.run { client, output in
                let report = try await client.faculty.importQuestions(
                    text, courseId: try await course.id(in: client), format: format, dryRun: dryRun, practice: practice)
                try output.print(report) { importSummary(report, dryRun: dryRun) }
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLILanguage.text("cli-help.questions.export.abstract"))

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CourseReference.help)) var course: CourseReference
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.option.topic"))) var topic: String?
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.option.tag"))) var tag: String?
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.questions.export.output"))) var output: String?
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.questions.export.format"))) var format: InterchangeFormat?

        func run() async throws {
            let settings = try options.settings()
            // Written to a `.xml` file, the bank is Moodle XML unless --format says otherwise.
            let format = format ?? (output?.lowercased().hasSuffix(".xml") == true ? .moodlexml : .gift)
            let (course, topic, tag, path) = (course, topic, tag, output)
            try await settings.run { client, output in
                let gift = try await client.faculty.exportQuestions(
                    courseId: try await course.id(in: client), topic: topic, tag: tag, format: format)
                if let path {
                    do {
                        try Data(gift.utf8).write(to: URL(fileURLWithPath: path))
                    } catch {
                        throw CLIError(
                            CLILanguage.text("cli.file.cannot-write", ["path": .text(path), "error": .text(error.localizedDescription)]))
                    }
                    output.note(CLILanguage.text("cli.file.wrote", ["path": .text(path)]))
                } else {
                    let shown = TerminalText.standardOutputIsTerminal ? TerminalText.clean(gift) : gift
                    FileHandle.standardOutput.write(Data(shown.utf8))
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLILanguage.text("cli-help.questions.list.abstract"))

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CourseReference.help)) var course: CourseReference
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.option.topic"))) var topic: String?
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.option.tag"))) var tag: String?

        func run() async throws {
            let settings = try options.settings()
            let (course, topic, tag) = (course, topic, tag)
            try await settings.run { client, output in
                let questions = try await client.faculty.loadQuestions(courseId: try await course.id(in: client), topic: topic, tag: tag)
                try output.print(questions) {
                    questions.isEmpty
                        ? CLILanguage.text("cli-bank.none")
                        : Table(
                            headers: [
                                "cli.column.id", "cli.column.kind", "cli.column.points", "cli.column.version", "cli.column.practice",
                                "cli.column.topic", "cli.column.tags", "cli.column.name-or-prompt",
                            ].map { CLILanguage.text($0) },
                            rows: questions.map {
                                [
                                    "\($0.id)", $0.kind.rawValue, "\($0.points)", "\($0.version ?? 1)",
                                    $0.practice == true ? CLILanguage.text("cli-bank.practice-open") : "-",
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
            abstract: CLILanguage.text("cli-help.questions.regrade.abstract"),
            discussion: CLILanguage.text("cli-help.questions.regrade.discussion"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.questions.regrade.question"))) var question: Int
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.questions.regrade.mode"))) var mode: RegradeMode
        @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.questions.regrade.dry-run"))) var dryRun = false

        func run() async throws {
            let settings = try options.settings()
            let (question, mode, dryRun) = (question, mode, dryRun)
            try await settings.run { client, output in
                let changes = try await client.faculty.regradeQuestion(question, mode: mode, dryRun: dryRun)
                try output.print(changes) {
                    guard !changes.isEmpty else { return CLILanguage.text("cli-bank.no-changes") }
                    let table = Table(
                        headers: ["cli.column.attempt", "cli.column.student", "cli.column.before", "cli.column.after"].map {
                            CLILanguage.text($0)
                        },
                        rows: changes.map {
                            ["\($0.attemptId)", $0.studentId.map(String.init) ?? "-", Points.text($0.before), Points.text($0.after)]
                        }
                    ).render()
                    return table + "\n"
                        + CLILanguage.text(dryRun ? "cli-bank.would-change" : "cli-bank.changed", ["count": .integer(changes.count)])
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
    let ids = report.questionIds.map(String.init).joined(separator: ", ")
    let key = dryRun ? "cli-bank.would-import" : ids.isEmpty ? "cli-bank.imported" : "cli-bank.imported-ids"
    var lines = [CLILanguage.text(key, ["count": .integer(report.imported), "ids": .text(ids)])]
    if !report.skipped.isEmpty {
        lines.append(CLILanguage.text("cli-bank.skipped", ["count": .integer(report.skipped.count)]))
        lines += report.skipped.map { skipped in
            let values: [String: MessageValue] = ["line": .integer(skipped.line), "reason": .text(skipped.reason)]
            guard let name = skipped.name else { return "  " + CLILanguage.text("cli-bank.skipped-line", values) }
            return "  " + CLILanguage.text("cli-bank.skipped-named-line", values.merging(["name": .text(oneLine(name))]) { $1 })
        }
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
    guard let text = String(data: try readData(path), encoding: .utf8) else {
        throw CLIError(CLILanguage.text("cli.file.not-utf8", ["path": .text(path)]))
    }
    return text
}

/// A spreadsheet's file (a class list) in whichever encoding it was saved: UTF-8 with or
/// without its mark, UTF-16, Windows-1250 or ISO-8859-2, as the server reads it too.
func readSpreadsheet(_ path: String) throws -> String {
    SpreadsheetText.decode(Array(try readData(path))).text
}

private func readData(_ path: String) throws -> Data {
    do {
        return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw CLIError(CLILanguage.text("cli.file.cannot-read", ["path": .text(path), "error": .text(error.localizedDescription)]))
    }
}

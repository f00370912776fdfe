import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

extension Courses {
    /// `examprep courses roster`: a course's students with the user ids that accommodations,
    /// overrides and reset links name.
    struct Roster: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLILanguage.text("cli-help.courses.roster.abstract"))

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CourseReference.help)) var course: CourseReference

        func run() async throws {
            let settings = try options.settings()
            let course = course
            try await settings.run { client, output in
                let students = try await client.faculty.loadClassList(try await course.id(in: client))
                try output.print(students) { rosterTable(students) }
            }
        }
    }
}

private func rosterTable(_ students: [CourseRosterStudent]) -> String {
    guard !students.isEmpty else { return CLILanguage.text("cli-course.roster.none") }
    return Table(
        headers: ["cli.column.user-id", "cli.column.email", "cli.column.name", "cli.column.enrolled", "cli.column.accommodation"].map {
            CLILanguage.text($0)
        },
        rows: students.map { [String($0.userId), $0.email, $0.name ?? "", day($0.enrolledAt), accommodationText($0.accommodation)] }
    ).render()
}

private func accommodationText(_ accommodation: Accommodation?) -> String {
    guard let accommodation else { return "" }
    return CLILanguage.text(
        "cli-course.roster.accommodation",
        ["multiplier": .text(Points.text(accommodation.timeMultiplier ?? 1)), "minutes": .integer(accommodation.extraMinutes ?? 0)])
}

/// `examprep roster import`: a class list read into a course.
struct RosterCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roster", abstract: CLILanguage.text("cli.roster.abstract"),
        subcommands: [Import.self])

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLILanguage.text("cli-help.roster.import.abstract"),
            discussion: CLILanguage.text("cli-help.roster.import.discussion"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.roster.import.file"))) var file: String
        @Option(help: ArgumentHelp(CourseReference.help)) var course: CourseReference
        @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.roster.import.dry-run"))) var dryRun = false

        func run() async throws {
            let settings = try options.settings()
            let text = try readSpreadsheet(file)
            let (course, dryRun) = (course, dryRun)
            try await settings.run { client, output in
                let report = try await client.faculty.importClassList(text, courseId: try await course.id(in: client), dryRun: dryRun)
                try output.print(report) { importText(report) }
            }
        }
    }
}

private func importText(_ report: ClassListImport) -> String {
    var text: String
    if report.dryRun {
        text = CLILanguage.text(
            "cli-course.roster.dry-run",
            [
                "enrolled": .integer(report.enrolled), "created": .integer(report.created), "invited": .integer(report.invited),
                "already": .integer(report.alreadyEnrolled),
            ])
    } else {
        let parts = [
            CLILanguage.text("cli-course.roster.enrolled", ["count": .integer(report.enrolled)]),
            CLILanguage.text("cli-course.roster.created", ["count": .integer(report.created)]),
            CLILanguage.text("cli-course.roster.invited", ["count": .integer(report.invited)]),
            CLILanguage.text("cli-course.roster.already", ["count": .integer(report.alreadyEnrolled)]),
        ]
        text = CLILanguage.text("cli-course.roster.imported", ["parts": .text(parts.joined(separator: ", "))])
    }
    if report.dryRun, !report.lines.isEmpty {
        text +=
            "\n"
            + Table(
                headers: ["cli.column.line", "cli.column.email", "cli.column.would-be"].map { CLILanguage.text($0) },
                rows: report.lines.map { [String($0.line), $0.email, outcomeText($0.outcome)] }
            ).render()
    }
    if !report.rejected.isEmpty {
        text += "\n" + CLILanguage.text("cli-course.roster.rejected", ["count": .integer(report.rejected.count)]) + "\n"
        text += Table(
            headers: ["cli.column.line", "cli.column.reason"].map { CLILanguage.text($0) },
            rows: report.rejected.map { [String($0.line), $0.reason] }
        ).render()
    }
    if let links = report.links, !links.isEmpty {
        let until = links.first.map { moment($0.expiresAt) } ?? ""
        text += "\n" + CLILanguage.text("cli-course.roster.hand-links", ["until": .text(until)]) + "\n"
        text += Table(
            headers: ["cli.column.email", "cli.column.link"].map { CLILanguage.text($0) }, rows: links.map { [$0.email, $0.url] }
        ).render()
    } else if !report.dryRun, report.created > 0 {
        text += "\n" + CLILanguage.text("cli-course.roster.mailed")
    }
    return text
}

private func outcomeText(_ outcome: ClassListOutcome) -> String {
    switch outcome {
    case .enrolled: CLILanguage.text("cli-course.roster.outcome.enrolled")
    case .created: CLILanguage.text("cli-course.roster.outcome.created")
    case .alreadyEnrolled: CLILanguage.text("cli-course.roster.outcome.already-enrolled")
    case .invited: CLILanguage.text("cli-course.roster.outcome.invited")
    }
}

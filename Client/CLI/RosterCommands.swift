import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

extension Courses {
    /// `examprep courses roster`: a course's students with the user ids that accommodations,
    /// overrides and reset links name.
    struct Roster: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List a course's students (faculty): user id, email, name, enrolled, accommodation.")

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
    guard !students.isEmpty else { return "No students yet. They enroll with the course's code (examprep courses list)." }
    return Table(
        headers: ["USER ID", "EMAIL", "NAME", "ENROLLED", "ACCOMMODATION"],
        rows: students.map { [String($0.userId), $0.email, $0.name ?? "", day($0.enrolledAt), accommodationText($0.accommodation)] }
    ).render()
}

private func accommodationText(_ accommodation: Accommodation?) -> String {
    guard let accommodation else { return "" }
    return "time × \(Points.text(accommodation.timeMultiplier ?? 1)) + \(accommodation.extraMinutes ?? 0) min"
}

/// `examprep roster import`: a class list read into a course.
struct RosterCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roster", abstract: CLILanguage.text("cli.roster.abstract"),
        subcommands: [Import.self])

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read a class list (CSV) into a course: make accounts for new students, invite existing ones.",
            discussion: """
                The file's first line names its columns: email (required), name and studentNumber (optional). \
                New students get an account without a password, enrolled, each with a one-time link (7 days) to choose \
                one: mailed when the server sends mail, else printed here to hand out. An address that has an account \
                already is invited: its owner joins by accepting (examprep courses accept). Lines that \
                cannot be imported are listed with their line and reason; the rest is imported all together. Importing \
                the same file again changes nothing. With --dry-run, see what would happen and change nothing.
                """)

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The CSV file (UTF-8, as spreadsheets save \"CSV UTF-8\").") var file: String
        @Option(help: ArgumentHelp(CourseReference.help)) var course: CourseReference
        @Flag(help: "Say what would happen; change nothing.") var dryRun = false

        func run() async throws {
            let settings = try options.settings()
            let text = try readText(file)
            let (course, dryRun) = (course, dryRun)
            try await settings.run { client, output in
                let report = try await client.faculty.importClassList(text, courseId: try await course.id(in: client), dryRun: dryRun)
                try output.print(report) { importText(report) }
            }
        }
    }
}

private func importText(_ report: ClassListImport) -> String {
    var text = report.dryRun ? "Dry run: nothing changed. The list would " : "Imported: "
    let parts = [
        "\(report.enrolled) existing account\(report.enrolled == 1 ? "" : "s") enrolled",
        "\(report.created) new account\(report.created == 1 ? "" : "s")",
        "\(report.invited) existing account\(report.invited == 1 ? "" : "s") invited",
        "\(report.alreadyEnrolled) already in the course",
    ]
    text +=
        report.dryRun
        ? "enroll \(report.enrolled), make \(report.created) new accounts, invite \(report.invited) existing ones, and find "
            + "\(report.alreadyEnrolled) already in the course."
        : parts.joined(separator: ", ") + "."
    if report.dryRun, !report.lines.isEmpty {
        text +=
            "\n"
            + Table(
                headers: ["LINE", "EMAIL", "WOULD BE"], rows: report.lines.map { [String($0.line), $0.email, outcomeText($0.outcome)] }
            ).render()
    }
    if !report.rejected.isEmpty {
        text += "\n\(report.rejected.count) line\(report.rejected.count == 1 ? "" : "s") not imported:\n"
        text += Table(headers: ["LINE", "REASON"], rows: report.rejected.map { [String($0.line), $0.reason] }).render()
    }
    if let links = report.links, !links.isEmpty {
        text += "\nHand each new student their link (once, until \(links.first.map { moment($0.expiresAt) } ?? "")):\n"
        text += Table(headers: ["EMAIL", "LINK"], rows: links.map { [$0.email, $0.url] }).render()
    } else if !report.dryRun, report.created > 0 {
        text += "\nThe new students were mailed a link to choose their password."
    }
    return text
}

private func outcomeText(_ outcome: ClassListOutcome) -> String {
    switch outcome {
    case .enrolled: "enrolled"
    case .created: "a new account"
    case .alreadyEnrolled: "already enrolled"
    case .invited: "invited (joins once they accept)"
    }
}

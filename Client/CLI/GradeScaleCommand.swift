import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// `examprep courses grade-scale <course> [--preset …|--bands "0:1,30:2,…"|--clear]`: a course's
/// grade scale, shown, set or cleared (faculty). Without an option it shows the scale.
struct GradeScaleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade-scale", abstract: CLILanguage.text("cli-grades.abstract"),
        discussion: CLILanguage.text("cli-grades.discussion"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp(CLILanguage.text("cli-grades.course"))) var course: CourseReference
    @Option(help: ArgumentHelp(CLILanguage.text("cli-grades.preset"))) var preset: GradeScalePreset?
    @Option(help: ArgumentHelp(CLILanguage.text("cli-grades.bands"))) var bands: String?
    @Flag(help: ArgumentHelp(CLILanguage.text("cli-grades.clear"))) var clear = false

    func validate() throws {
        guard [preset != nil, bands != nil, clear].filter({ $0 }).count <= 1 else {
            throw ValidationError(CLILanguage.text("cli-grades.one-change"))
        }
    }

    func run() async throws {
        let settings = try options.settings()
        let (reference, preset, clear) = (course, preset, clear)
        let bands = try bands.map(Self.bands(from:))
        try await settings.run { client, output in
            let course = try await reference.id(in: client)
            let scale: GradeScale =
                if clear {
                    try await client.faculty.clearGradeScale(of: course)
                } else if preset != nil || bands != nil {
                    try await client.faculty.setGradeScale(GradeScaleRequest(bands: bands, preset: preset), of: course)
                } else {
                    try await client.faculty.gradeScale(of: course)
                }
            try output.print(scale) { Self.text(scale) }
        }
    }

    /// `0:1,30:2,50:3`: each band as its lowest percentage, a colon and its grade. A grade may
    /// hold commas ("3,5"): a piece that does not start with a percentage and a colon belongs
    /// to the grade before it.
    static func bands(from text: String) throws -> [GradeBand] {
        var bands: [GradeBand] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            if let colon = piece.firstIndex(of: ":"),
                let percent = Decimal(
                    string: piece[..<colon].trimmingCharacters(in: .whitespaces), locale: Locale(identifier: "en_US_POSIX")),
                piece[..<colon].trimmingCharacters(in: .whitespaces).allSatisfy({ $0.isNumber || $0 == "." })
            {
                bands.append(GradeBand(minPercent: percent, grade: String(piece[piece.index(after: colon)...])))
            } else if let last = bands.indices.last {
                bands[last].grade += "," + piece
            } else {
                throw CLIError(CLILanguage.text("cli-grades.bands-unreadable", ["text": .text(String(piece))]))
            }
        }
        return bands
    }

    /// The scale as a table of bands, or that the course shows percentages only.
    static func text(_ scale: GradeScale) -> String {
        guard !scale.bands.isEmpty else { return CLILanguage.text("cli-grades.percent-only") }
        let table = Table(
            headers: ["cli-grades.column.from", "cli.column.grade"].map { CLILanguage.text($0) },
            rows: scale.bands.map { ["\($0.minPercent) %", $0.grade] }
        ).render()
        return scale.preset.map { CLILanguage.text("cli-grades.preset-named", ["preset": .text($0.rawValue)]) + "\n" + table } ?? table
    }
}

extension GradeScalePreset: ExpressibleByArgument {}

import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import ExamPrepStatistics
import Foundation

extension Exams {
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "An exam's item analysis (faculty): the per-question table with flags, the guidance, a histogram.",
            discussion: """
                Moodle's quiz statistics: per question the facility (mean score ÷ maximum), its standard \
                deviation, the discrimination (correlation with the rest of the test) and how often each \
                option was chosen; per exam the mean, median, standard deviation and Cronbach's alpha. First \
                attempts by default (--all: every submitted attempt). --csv prints the table as CSV; --svg FILE \
                writes the score histogram as an SVG picture.
                """)

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The exam's id.") var exam: Int
        @Flag(help: "Every submitted attempt, not only each student's first.") var all = false
        @Flag(help: "The per-question table as CSV, as the server exports it for spreadsheets.") var csv = false
        @Option(help: "Write the score histogram as an SVG picture to this file.") var svg: String?

        func run() async throws {
            let settings = try options.settings()
            let (exam, attempts, csv, svgPath) = (exam, all ? StatisticsAttempts.all : .first, csv, svg)
            try await settings.run { client, output in
                if let svgPath {
                    let picture = try await client.faculty.examStatisticsSVG(exam, attempts: attempts)
                    do {
                        try picture.data.write(to: URL(fileURLWithPath: svgPath))
                    } catch {
                        throw CLIError("Cannot write \(svgPath): \(error.localizedDescription)")
                    }
                    output.note("Wrote \(svgPath).")
                    if !csv { return }
                }
                if csv {
                    let text = try await client.faculty.examStatisticsCSV(exam, attempts: attempts).text
                    let shown = TerminalText.standardOutputIsTerminal ? TerminalText.clean(text, keepingCarriageReturns: true) : text
                    FileHandle.standardOutput.write(Data(shown.utf8))
                    return
                }
                let statistics = try await client.faculty.examStatistics(exam, attempts: attempts)
                try output.print(statistics) { StatisticsText.render(statistics) }
            }
        }
    }
}

/// The terminal report: a line on which attempts count, the table, the flags and notes in words,
/// then the histogram.
enum StatisticsText {
    static func render(_ statistics: ExamStatistics) -> String {
        let which = statistics.attemptsIncluded == .all ? "all submitted attempts" : "first attempts"
        guard statistics.attempts > 0 else { return "No submitted attempts yet (\(which))." }
        var sections = ["\(statistics.attempts) attempt\(statistics.attempts == 1 ? "" : "s") (\(which))", table(statistics)]
        let advice = statistics.flags.map(flagLine) + statistics.notes.map(noteLine)
        if !advice.isEmpty { sections.append(advice.joined(separator: "\n")) }
        var summary = TextHistogram.render(statistics)
        if summary.hasSuffix("\n") { summary.removeLast() }
        if let alpha = statistics.cronbachAlpha { summary += "   Alpha \(fixed(alpha, 2))" }
        sections.append(summary)
        return sections.joined(separator: "\n\n")
    }

    static func table(_ statistics: ExamStatistics) -> String {
        Table(
            headers: ["QUESTION", "SEEN", "FACILITY", "SD", "DISCR", "OPTIONS", "FLAGS", "PROMPT"],
            rows: statistics.questions.map { question in
                [
                    "\(question.questionId)", "\(question.attempts)", percent(question.facility),
                    question.standardDeviation.map(percent) ?? "-", question.discrimination.map { fixed($0, 2) } ?? "-",
                    (question.options ?? []).map { "\($0.id)=\($0.chosen)" }.joined(separator: " "),
                    statistics.flags.filter { $0.questionId == question.questionId }.map(\.kind.name).joined(separator: ","),
                    Table.clip(question.prompt ?? "", 40),
                ]
            }
        ).render()
    }

    static func flagLine(_ flag: QuestionFlag) -> String {
        let question = "Question \(flag.questionId)"
        switch flag.kind {
        case .everyoneRight: return "\(question): everyone got it right; it tells nobody apart."
        case .everyoneWrong: return "\(question): nobody got it right; check the key, or whether it was taught."
        case .negativeDiscrimination:
            return "\(question): the strong students did worse on it than the weak ones; check the key and the wording."
        case .unchosenDistractor(let option): return "\(question): nobody chose option \(option); it does no work as a distractor."
        case .tooEasy: return "\(question): very easy (facility 95 % or more)."
        case .tooHard: return "\(question): very hard (facility 5 % or less)."
        }
    }

    static func noteLine(_ note: ExamNote) -> String {
        switch note.kind {
        case .meanBelowGuidance: "Mean \(fixed(note.value, 1)) %: below the 50–75 % a good test averages; it may be too hard."
        case .meanAboveGuidance: "Mean \(fixed(note.value, 1)) %: above the 50–75 % a good test averages; it may be too easy."
        case .spreadBelowGuidance: "Standard deviation \(fixed(note.value, 1)) %: below 12–18 %; scores are bunched up."
        case .spreadAboveGuidance: "Standard deviation \(fixed(note.value, 1)) %: above 12–18 %; scores are unusually spread."
        case .reliabilityUnsatisfactory: "Cronbach's alpha \(fixed(note.value, 2)): below 0.64, unsatisfactory."
        case .reliabilityBelowSatisfactory: "Cronbach's alpha \(fixed(note.value, 2)): below the 0.75 that is satisfactory."
        }
    }

    static func percent(_ fraction: Double) -> String { "\(fixed(fraction * 100, 1)) %" }

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        NumberText.fixed(value, decimals: decimals)
    }
}

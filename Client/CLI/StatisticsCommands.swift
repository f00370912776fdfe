import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import ExamPrepStatistics
import Foundation

extension Exams {
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLILanguage.text("cli-help.exams.stats.abstract"),
            discussion: CLILanguage.text("cli-help.exams.stats.discussion"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.option.exam"))) var exam: Int
        @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.exams.stats.all"))) var all = false
        @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.exams.stats.csv"))) var csv = false
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.exams.stats.svg"))) var svg: String?

        func run() async throws {
            let settings = try options.settings()
            let (exam, attempts, csv, svgPath) = (exam, all ? StatisticsAttempts.all : .first, csv, svg)
            try await settings.run { client, output in
                if let svgPath {
                    let picture = try await client.faculty.examStatisticsSVG(exam, attempts: attempts)
                    do {
                        try picture.data.write(to: URL(fileURLWithPath: svgPath))
                    } catch {
                        throw CLIError(
                            CLILanguage.text("cli.file.cannot-write", ["path": .text(svgPath), "error": .text(error.localizedDescription)]))
                    }
                    output.note(CLILanguage.text("cli.file.wrote", ["path": .text(svgPath)]))
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
        let which = MessageValue.message(
            Message(statistics.attemptsIncluded == .all ? "cli-stats.all-attempts" : "cli-stats.first-attempts"))
        guard statistics.attempts > 0 else { return CLILanguage.text("cli-stats.none", ["which": which]) }
        var sections = [
            CLILanguage.text("cli-stats.attempts", ["count": .integer(statistics.attempts), "which": which]), table(statistics),
        ]
        let legend = optionLegend(statistics)
        if !legend.isEmpty { sections.append(legend) }
        let advice = statistics.flags.map { flagLine($0, in: statistics) } + statistics.notes.map(noteLine)
        if !advice.isEmpty { sections.append(advice.joined(separator: "\n")) }
        var summary = TextHistogram.render(statistics)
        if summary.hasSuffix("\n") { summary.removeLast() }
        if let alpha = statistics.cronbachAlpha {
            summary += "   " + CLILanguage.text("cli-stats.alpha", ["value": .text(fixed(alpha, 2))])
        }
        sections.append(summary)
        return sections.joined(separator: "\n\n")
    }

    static func table(_ statistics: ExamStatistics) -> String {
        Table(
            headers: [
                "cli.column.question", "cli-stats.column.seen", "cli-stats.column.facility", "cli-stats.column.sd",
                "cli-stats.column.discrimination", "cli-stats.column.options", "cli-stats.column.flags", "cli.column.prompt",
            ].map { CLILanguage.text($0) },
            rows: statistics.questions.map { question in
                [
                    "\(question.questionId)", "\(question.attempts)", percent(question.facility),
                    question.standardDeviation.map(percent) ?? "-", question.discrimination.map { fixed($0, 2) } ?? "-",
                    (question.options ?? []).map { "\($0.letter ?? $0.id)=\($0.chosen)" }.joined(separator: " "),
                    statistics.flags.filter { $0.questionId == question.questionId }.map(\.kind.name).joined(separator: ","),
                    Table.clip(question.prompt ?? "", 40),
                ]
            }
        ).render()
    }

    /// Which choice each letter of the table stands for, one line per choice question:
    /// `7: A. Warsaw · B. Paris` (texts cut as `OptionCount.name` does).
    static func optionLegend(_ statistics: ExamStatistics) -> String {
        statistics.questions.compactMap { question -> String? in
            let named = (question.options ?? []).filter { $0.letter != nil }
            guard !named.isEmpty else { return nil }
            return "\(question.questionId): " + named.map(\.name).joined(separator: " · ")
        }.joined(separator: "\n")
    }

    /// A flag in words; an option is named by its letter and text.
    static func flagLine(_ flag: QuestionFlag, in statistics: ExamStatistics) -> String {
        let question = MessageValue.message(Message("cli-stats.question", ["id": .integer(flag.questionId)]))
        switch flag.kind {
        case .everyoneRight: return CLILanguage.text("cli-stats.flag.everyone-right", ["question": question])
        case .everyoneWrong: return CLILanguage.text("cli-stats.flag.everyone-wrong", ["question": question])
        case .negativeDiscrimination: return CLILanguage.text("cli-stats.flag.negative-discrimination", ["question": question])
        case .unchosenDistractor(let option):
            return CLILanguage.text(
                "cli-stats.flag.unchosen-distractor",
                ["question": question, "option": .text(name(of: option, flag.questionId, statistics))])
        case .tooEasy: return CLILanguage.text("cli-stats.flag.too-easy", ["question": question])
        case .tooHard: return CLILanguage.text("cli-stats.flag.too-hard", ["question": question])
        }
    }

    static func name(of option: String, _ questionId: Int, _ statistics: ExamStatistics) -> String {
        statistics.questions.first { $0.questionId == questionId }?.optionName(option) ?? option
    }

    static func noteLine(_ note: ExamNote) -> String {
        let percent: [String: MessageValue] = ["value": .text(fixed(note.value, 1))]
        let alpha: [String: MessageValue] = ["value": .text(fixed(note.value, 2))]
        return switch note.kind {
        case .meanBelowGuidance: CLILanguage.text("cli-stats.note.mean-below", percent)
        case .meanAboveGuidance: CLILanguage.text("cli-stats.note.mean-above", percent)
        case .spreadBelowGuidance: CLILanguage.text("cli-stats.note.spread-below", percent)
        case .spreadAboveGuidance: CLILanguage.text("cli-stats.note.spread-above", percent)
        case .reliabilityUnsatisfactory: CLILanguage.text("cli-stats.note.reliability-unsatisfactory", alpha)
        case .reliabilityBelowSatisfactory: CLILanguage.text("cli-stats.note.reliability-below-satisfactory", alpha)
        }
    }

    static func percent(_ fraction: Double) -> String { "\(fixed(fraction * 100, 1)) %" }

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        NumberText.fixed(value, decimals: decimals)
    }
}

import ExamPrepShared
import Foundation

/// The per-question table as CSV (`CSV`, as the grade book's), for `Accept: text/csv` and
/// spreadsheets.
///
/// Columns: `questionId, kind, attempts, facility, standardDeviation, discrimination, options, flags,
/// prompt`. Numbers use a dot and four decimals whatever the locale; a figure that could not be
/// computed is an empty field. `options` lists `name=count` pairs, an option named by its letter and
/// text as the question is written (`A. Warsaw=3`, see `OptionCount.name`), and `flags` the flag
/// kinds (an unchosen distractor reads `unchosenDistractor(B. Paris)`), each separated by `;`, so
/// such a field is quoted whenever it lists more than one.
public enum StatisticsCSV {
    public static let header = [
        "questionId", "kind", "attempts", "facility", "standardDeviation", "discrimination", "options", "flags", "prompt",
    ]

    public static func render(_ statistics: ExamStatistics) -> String {
        let records = statistics.questions.map { question -> [CSV.Field] in
            let flags = statistics.flags.filter { $0.questionId == question.questionId }.map { flag in
                flag.kind.optionId.map { "\(flag.kind.name)(\(question.optionName($0)))" } ?? flag.kind.name
            }
            return [
                .plain("\(question.questionId)"),
                .plain(question.kind?.rawValue ?? ""),
                .plain("\(question.attempts)"),
                .plain(number(question.facility)),
                .plain(number(question.standardDeviation)),
                .plain(number(question.discrimination)),
                .text((question.options ?? []).map { "\($0.name)=\($0.chosen)" }.joined(separator: ";")),
                .text(flags.joined(separator: ";")),
                .text(question.prompt ?? ""),
            ]
        }
        return CSV.document(header: header, records: records)
    }

    static func number(_ value: Double?) -> String {
        value.map { NumberText.fixed($0, decimals: 4) } ?? ""
    }
}

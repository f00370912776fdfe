import ExamPrepShared
import Foundation

/// The per-question table as CSV (RFC 4180), for `Accept: text/csv` and spreadsheets, written as the
/// grade book's CSV is: UTF-8 with a byte order mark (so Excel reads non-ASCII right), a header
/// record, every record (the last included) ending in CRLF, fields quoted and defused as
/// `CSVField` says (a field holding a comma, semicolon, tab, quote, CR or LF in quotes; text a
/// spreadsheet would take for a formula led by an apostrophe).
///
/// Columns: `questionId, kind, attempts, facility, standardDeviation, discrimination, options, flags,
/// prompt`. Numbers use a dot and four decimals whatever the locale; a figure that could not be
/// computed is an empty field. `options` lists `id=count` pairs and `flags` the flag kinds, each
/// separated by `;` (an unchosen distractor reads `unchosenDistractor(d)`), so such a field is
/// quoted whenever it lists more than one.
public enum StatisticsCSV {
    public static let header = [
        "questionId", "kind", "attempts", "facility", "standardDeviation", "discrimination", "options", "flags", "prompt",
    ]

    public static func render(_ statistics: ExamStatistics) -> String {
        var records = [header]
        for question in statistics.questions {
            let flags = statistics.flags.filter { $0.questionId == question.questionId }.map { flag in
                flag.kind.optionId.map { "\(flag.kind.name)(\($0))" } ?? flag.kind.name
            }
            records.append([
                "\(question.questionId)",
                question.kind?.rawValue ?? "",
                "\(question.attempts)",
                number(question.facility),
                number(question.standardDeviation),
                number(question.discrimination),
                CSVField.defused((question.options ?? []).map { "\($0.id)=\($0.chosen)" }.joined(separator: ";")),
                flags.joined(separator: ";"),
                CSVField.defused(question.prompt ?? ""),
            ])
        }
        return "\u{FEFF}" + records.map { $0.map(CSVField.quoted).joined(separator: ",") + "\r\n" }.joined()
    }

    static func number(_ value: Double?) -> String {
        value.map { NumberText.fixed($0, decimals: 4) } ?? ""
    }
}

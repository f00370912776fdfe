import ExamPrepRules
import ExamPrepShared
import Foundation

/// The grade book as CSV (`CSV`, as the statistics table's: UTF-8 with a byte order mark, so
/// Excel reads Polish letters): a header row, then one row per grade and one per exam an enrolled
/// student did not sit (its grade's cells empty), by surname; the student's name, student number
/// and address first; names, addresses and exam titles are text people wrote.
/// The reader's spreadsheet decides the form (`Style`): Polish Excel splits at `;` and reads
/// `6,5` as a number (`6.5` it takes for a date), English at `,` with `6.5`. Times are the
/// course's, as `2026-11-29 10:45:00` (a spreadsheet reads it as a date and time). A grade that
/// waits for an essay to be graded says `pending` as its score and its grade; `grade` is empty
/// when the course shows percentages only.
enum GradeBookCSV {
    static let header = [
        "name", "studentNumber", "email", "examTitle", "percent", "score", "maxScore", "submittedAt", "studentId", "examId", "attemptId",
        "grade",
    ]

    /// `;` and a decimal comma (Polish), or `,` and a decimal point (English).
    enum Style: Sendable, Equatable {
        case comma
        case semicolon

        var separator: String { self == .semicolon ? ";" : "," }

        /// `?separator=semicolon|comma` or `?locale=pl|en`, else the reader's language.
        static func chosen(separator: String?, locale: String?, language: Language) throws -> Style {
            switch (separator, locale) {
            case ("semicolon", _), (nil, "pl"): return .semicolon
            case ("comma", _), (nil, "en"): return .comma
            case (nil, nil): return language == .pl ? .semicolon : .comma
            case (.some, _): throw InvalidInput("names.csv-separator")
            case (nil, .some): throw InvalidInput("names.csv-locale")
            }
        }

        func number(_ value: Double) -> String {
            let text = Points.text(value)
            return self == .semicolon ? text.replacingOccurrences(of: ".", with: ",") : text
        }
    }

    static func render(_ lines: [GradeBookLine], style: Style = .comma, timeZone: String = "UTC") -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return CSV.document(
            header: header,
            records: lines.map { line in
                let person: [CSV.Field] = [
                    .text(line.name ?? ""), .text(line.studentNumber ?? ""), .text(line.email), .text(line.examTitle),
                ]
                guard let row = line.entry else {
                    // Not sat: empty cells, which a spreadsheet leaves out of sums and averages.
                    return person + [
                        .plain(""), .plain(""), .plain(""), .plain(""), .plain(line.studentID.map(String.init) ?? ""),
                        .plain(String(line.examID)), .plain(""), .plain(""),
                    ]
                }
                let pending = row.needsGrading == true
                let percent = row.maxScore > 0 ? style.number(row.score / row.maxScore * 100) : ""
                return person + [
                    .plain(pending ? "pending" : percent), .plain(pending ? "pending" : style.number(row.score)),
                    .plain(style.number(row.maxScore)), .plain(format.string(from: row.submittedAt)),
                    .plain(row.studentId.map(String.init) ?? ""), .plain(String(row.examId)), .plain(String(row.attemptId)),
                    pending ? .plain("pending") : .text(row.grade ?? ""),
                ]
            }, separator: style.separator)
    }
}

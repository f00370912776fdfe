import ExamPrepShared
import ExamPrepStatistics
import Foundation

/// The grade book as CSV (RFC 4180) that spreadsheets open: a header row, CRLF line ends,
/// UTF-8 with a byte order mark (so Excel reads non-ASCII right), text fields quoted and
/// defused as `CSVField` says (quoted when they hold a comma, semicolon, tab, quote or line
/// break; a leading apostrophe on what a spreadsheet would take for a formula).
enum GradeBookCSV {
    static let header = ["studentId", "email", "examId", "examTitle", "attemptId", "score", "maxScore", "submittedAt"]

    /// Whether the `Accept` header asks for CSV (`text/csv`, with any parameters, q > 0).
    static func isAccepted(by accept: String?) -> Bool {
        guard let accept else { return false }
        return accept.split(separator: ",").contains { range in
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.first == "text/csv" else { return false }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
            return (quality ?? 1) > 0
        }
    }

    static func render(_ rows: [GradeBookEntry]) -> String {
        var lines = [header.joined(separator: ",")]
        for row in rows {
            let fields = [
                row.studentId.map(String.init) ?? "", CSVField.text(row.email), String(row.examId), CSVField.text(row.examTitle),
                String(row.attemptId),
                Points.text(row.score), Points.text(row.maxScore), JSONNodeEncoder.iso8601(row.submittedAt) ?? "",
            ]
            lines.append(fields.joined(separator: ","))
        }
        return "\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n"
    }
}

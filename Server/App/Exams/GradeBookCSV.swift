import ExamPrepShared
import Foundation

/// The grade book as CSV (RFC 4180) that spreadsheets open: a header row, CRLF line ends,
/// fields quoted when they hold a comma, a quote or a line break (quotes doubled), UTF-8
/// with a byte order mark (so Excel reads non-ASCII right). A text field that a spreadsheet
/// would take for a formula (starting with =, +, -, @, tab or CR) gets a leading apostrophe.
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
                row.studentId.map(String.init) ?? "", text(row.email), String(row.examId), text(row.examTitle), String(row.attemptId),
                Points.text(row.score), Points.text(row.maxScore), JSONNodeEncoder.iso8601(row.submittedAt) ?? "",
            ]
            lines.append(fields.joined(separator: ","))
        }
        return "\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A text field, defused and quoted as needed.
    static func text(_ value: String) -> String {
        var field = value
        if let first = field.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) {
            field = "'" + field
        }
        guard field.unicodeScalars.contains(where: { [",", "\"", "\n", "\r"].contains($0) }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

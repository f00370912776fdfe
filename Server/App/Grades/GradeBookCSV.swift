import ExamPrepShared
import Foundation

/// The grade book as CSV (`CSV`, as the statistics table's): a header row, then one row per
/// grade; emails and exam titles are text people wrote. A grade that waits for an essay to be
/// graded says `pending` as its score and its grade; `grade` is empty when the course shows
/// percentages only.
enum GradeBookCSV {
    static let header = ["studentId", "email", "examId", "examTitle", "attemptId", "score", "maxScore", "submittedAt", "grade"]

    static func render(_ rows: [GradeBookEntry]) -> String {
        CSV.document(
            header: header,
            records: rows.map { row in
                [
                    .plain(row.studentId.map(String.init) ?? ""), .text(row.email), .plain(String(row.examId)), .text(row.examTitle),
                    .plain(String(row.attemptId)), .plain(row.needsGrading == true ? "pending" : Points.text(row.score)),
                    .plain(Points.text(row.maxScore)), .plain(JSONNodeEncoder.iso8601(row.submittedAt) ?? ""),
                    row.needsGrading == true ? .plain("pending") : .text(row.grade ?? ""),
                ]
            })
    }
}

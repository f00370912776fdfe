import ExamPrepShared
import Foundation

// MARK: - Exam statistics (faculty)

extension APIRequest where Response == ExamStatistics {
    /// The item analysis of an exam: first attempts, or every submitted one.
    public static func examStatistics(examId: Int, attempts: StatisticsAttempts = .first) -> Self {
        .init(.get, APIPaths.examStatistics(examId), queryItems: statisticsQuery(attempts), requiresAuthentication: true)
    }
}

extension APIRequest where Response == CSVDocument {
    /// The per-question table as CSV.
    public static func examStatisticsCSV(examId: Int, attempts: StatisticsAttempts = .first) -> Self {
        .init(
            .get, APIPaths.examStatistics(examId), queryItems: statisticsQuery(attempts), requiresAuthentication: true,
            accept: "text/csv")
    }
}

extension APIRequest where Response == SVGDocument {
    /// The score histogram as an SVG picture.
    public static func examStatisticsSVG(examId: Int, attempts: StatisticsAttempts = .first) -> Self {
        .init(
            .get, APIPaths.examStatistics(examId), queryItems: statisticsQuery(attempts), requiresAuthentication: true,
            accept: "image/svg+xml")
    }
}

private func statisticsQuery(_ attempts: StatisticsAttempts) -> [URLQueryItem] {
    attempts == .first ? [] : [URLQueryItem(name: APIPaths.statisticsAttemptsQueryItem, value: attempts.rawValue)]
}

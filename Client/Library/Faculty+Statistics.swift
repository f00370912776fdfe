import ExamPrepShared

/// An exam's item analysis for its faculty member (Moodle's quiz statistics): the figures, the
/// per-question table as CSV, and the score histogram as an SVG picture.
extension Faculty {
    /// `GET /api/faculty/exams/{examId}/statistics`: first attempts by default, or every submitted
    /// attempt with `.all`.
    public func examStatistics(_ examId: Int, attempts: StatisticsAttempts = .first) async throws -> ExamStatistics {
        try await session.send(.examStatistics(examId: examId, attempts: attempts))
    }

    /// The per-question table as CSV, for a spreadsheet.
    public func examStatisticsCSV(_ examId: Int, attempts: StatisticsAttempts = .first) async throws -> CSVDocument {
        try await session.send(.examStatisticsCSV(examId: examId, attempts: attempts))
    }

    /// The score histogram as a standalone SVG picture (axes, labels, the mean marked).
    public func examStatisticsSVG(_ examId: Int, attempts: StatisticsAttempts = .first) async throws -> SVGDocument {
        try await session.send(.examStatisticsSVG(examId: examId, attempts: attempts))
    }
}

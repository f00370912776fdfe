import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// The focus log as a teacher reads it (after the attempt's ownership was checked): an
/// attempt's periods, and how many each attempt of a page has.
struct FocusLogReader: Sendable {
    let pool: PostgresPool

    /// An attempt's kept periods in order, and how many more it reported than were kept.
    func periods(ofAttempt attemptID: Int, logger: Logger) async throws -> (periods: [FocusPeriod], dropped: Int) {
        let rows = try await pool.query(
            "SELECT left_at, back_at FROM attempt_focus_periods WHERE attempt_id = \(attemptID) ORDER BY left_at, id", logger: logger)
        let periods = try rows.map { FocusPeriod(leftAt: try $0.decode("left_at"), backAt: try $0.decode("back_at")) }
        let dropped: Int =
            try await pool.query("SELECT dropped FROM attempt_focus_counts WHERE attempt_id = \(attemptID)", logger: logger).first?
            .decode("dropped") ?? 0
        return (periods, dropped)
    }

    /// How many periods each of `attemptIDs` reported (kept and not), for those with any.
    func counts(ofAttempts attemptIDs: [Int], logger: Logger) async throws -> [Int: Int] {
        guard !attemptIDs.isEmpty else { return [:] }
        let rows = try await pool.query(
            """
            SELECT attempt_id, stored + dropped AS periods FROM attempt_focus_counts
            WHERE attempt_id = ANY(\(PostgresArray(attemptIDs)))
            """, logger: logger)
        var counts: [Int: Int] = [:]
        for row in rows { counts[try row.decode("attempt_id")] = try row.decode("periods") }
        return counts
    }
}

extension TeachAttemptPage.FocusRow {
    /// A period as the attempt's page lists it: when the student left, came back, and for how long.
    init(_ period: FocusPeriod, timeZone: String, language: Language) {
        let catalogue = Catalogue.of(language)
        let seconds = max(0, Int(period.backAt.timeIntervalSince(period.leftAt).rounded()))
        self.init(
            left: PageTime.text(period.leftAt, timeZone: timeZone, language: language),
            back: PageTime.clock(period.backAt, timeZone: timeZone, language: language),
            length: catalogue.string(Message("integrity.seconds", ["count": .integer(seconds)])))
    }
}

import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Hummingbird
import Logging

/// What exam integrity keeps and reads (migration 043): the Safe Exam Browser keys an attempt's
/// exam needs, and the periods an attempt page was left (bounded per attempt).
struct IntegrityRepository: Sendable {
    let pool: PostgresPool
    /// The attempts' shared memory of their questions (`AttemptRepository.questionCache`).
    let questionCache: AttemptQuestionCache

    /// The most periods kept for one attempt; later ones are counted, not kept.
    static let maxFocusPeriods = 500
    /// How far ahead of the server's clock a period may end (a device's clock runs fast).
    static let clockSkew: TimeInterval = 300

    /// The keys of the exam `target` belongs to, or nil when it needs no Safe Exam Browser (or
    /// there is no such attempt or exam: the route answers that).
    func safeExamBrowserKeys(_ target: SafeExamBrowserTarget, logger: Logger) async throws -> [String]? {
        let query: PostgresQuery =
            switch target {
            case .attempt(let id):
                """
                SELECT array_to_string(e.seb_config_keys, ',') AS keys
                FROM attempts a JOIN exams e ON e.id = a.exam_id WHERE a.id = \(id)
                """
            case .exam(let id): "SELECT array_to_string(seb_config_keys, ',') AS keys FROM exams WHERE id = \(id)"
            }
        guard let row = try await pool.query(query, logger: logger).first, let keys: String = try row.decode("keys") else { return nil }
        return keys.split(separator: ",").map(String.init)
    }

    /// Whether the exam of `target` keeps the focus log (false for no such attempt or exam).
    func keepsFocusLog(_ target: SafeExamBrowserTarget, logger: Logger) async throws -> Bool {
        let query: PostgresQuery =
            switch target {
            case .attempt(let id): "SELECT e.focus_log FROM attempts a JOIN exams e ON e.id = a.exam_id WHERE a.id = \(id)"
            case .exam(let id): "SELECT focus_log FROM exams WHERE id = \(id)"
            }
        return try await pool.query(query, logger: logger).first?.decode("focus_log") ?? false
    }

    enum Recording: Sendable, Equatable {
        case recorded(FocusPeriodsResponse)
        /// Not the student's attempt (or a course they left).
        case notFound
        /// Submitted, or past its end.
        case notRunning
    }

    /// Keeps the well-formed periods of a running attempt of `studentID`, as many as its bound
    /// leaves room for; the rest are counted. An exam without the focus log keeps none.
    func record(_ periods: [FocusPeriod], attemptID: Int, studentID: Int, now: Date, logger: Logger) async throws -> Recording {
        try await pool.transaction(logger: logger) { transaction in
            let attempts = AttemptStatements(transaction: transaction, questionCache: questionCache)
            guard let attempt = try await attempts.lock(attemptID: attemptID, studentID: studentID) else { return .notFound }
            guard attempt.timing.takesAnswers(at: now) else { return .notRunning }
            let keeps: Bool = try await transaction.query("SELECT focus_log FROM exams WHERE id = \(attempt.examID)").single()
                .decode("focus_log")
            let latest = now.addingTimeInterval(Self.clockSkew)
            let wellFormed = keeps ? periods.filter { Self.isWellFormed($0, startedAt: attempt.timing.startedAt, latest: latest) } : []
            try await transaction.execute("INSERT INTO attempt_focus_counts (attempt_id) VALUES (\(attemptID)) ON CONFLICT DO NOTHING")
            let stored: Int = try await transaction.query(
                "SELECT stored FROM attempt_focus_counts WHERE attempt_id = \(attemptID) FOR UPDATE"
            ).single().decode("stored")
            let kept = Array(wellFormed.prefix(max(0, Self.maxFocusPeriods - stored)))
            if !kept.isEmpty {
                try await transaction.execute(
                    """
                    INSERT INTO attempt_focus_periods (attempt_id, left_at, back_at, received_at)
                    SELECT \(attemptID), to_timestamp(l / 1000.0), to_timestamp(b / 1000.0), \(now)
                    FROM unnest(\(PostgresArray(kept.map { Self.milliseconds($0.leftAt) }))::bigint[],
                                \(PostgresArray(kept.map { Self.milliseconds($0.backAt) }))::bigint[]) AS p (l, b)
                    """)
            }
            // Well-formed periods over the bound are counted; malformed ones are not.
            let ignored = periods.count - kept.count
            try await transaction.execute(
                """
                UPDATE attempt_focus_counts SET stored = stored + \(kept.count), dropped = dropped + \(wellFormed.count - kept.count)
                WHERE attempt_id = \(attemptID)
                """)
            return .recorded(FocusPeriodsResponse(stored: kept.count, ignored: ignored))
        }
    }

    /// A period that ends after it begins, begins after the attempt started (a second's slack)
    /// and ends no later than `latest`.
    static func isWellFormed(_ period: FocusPeriod, startedAt: Date, latest: Date) -> Bool {
        period.backAt >= period.leftAt && period.leftAt >= startedAt.addingTimeInterval(-1) && period.backAt <= latest
    }

    private static func milliseconds(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 * 1000).rounded())
    }
}

extension FocusPeriodsResponse: ResponseEncodable {}

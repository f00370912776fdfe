import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Hummingbird
import Logging

/// What exam integrity keeps and reads (migrations 043 and 046): the rules of an attempt's exam,
/// and the periods an attempt page was left (bounded per attempt).
struct IntegrityRepository: Sendable {
    let pool: PostgresPool
    /// The attempts' shared memory of their questions (`AttemptRepository.questionCache`).
    let questionCache: AttemptQuestionCache

    /// The most periods kept for one attempt; later ones are counted, not kept.
    static let maxFocusPeriods = 500
    /// How far ahead of the server's clock a period may end (a device's clock runs fast).
    static let clockSkew: TimeInterval = 300

    /// The integrity rules of `target` (an exam's have no place), or nil when there is no such
    /// attempt or exam (the route answers that).
    func rules(_ target: SafeExamBrowserTarget, logger: Logger) async throws -> AttemptIntegrity? {
        let query: PostgresQuery =
            switch target {
            case .attempt(let id):
                "SELECT \(unescaped: AttemptIntegrity.columns) FROM attempts a JOIN exams e ON e.id = a.exam_id WHERE a.id = \(id)"
            case .exam(let id):
                """
                SELECT \(unescaped: AttemptIntegrity.columns)
                FROM exams e LEFT JOIN attempts a ON false WHERE e.id = \(id)
                """
            }
        return try await pool.query(query, logger: logger).first.map { try AttemptIntegrity($0) }
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
        /// The exam's integrity rules refuse the request (`AttemptAccess`).
        case refusedByIntegrity(AttemptIntegrity.Verdict)
    }

    /// Keeps the well-formed periods of a running attempt of `studentID`, as many as its bound
    /// leaves room for; the rest are counted. An exam without the focus log keeps none.
    func record(_ periods: [FocusPeriod], attemptID: Int, studentID: Int, access: AttemptAccess = .trusted, now: Date, logger: Logger)
        async throws -> Recording
    {
        try await pool.transaction(logger: logger) { transaction in
            let attempts = AttemptStatements(transaction: transaction, questionCache: questionCache)
            guard let attempt = try await attempts.lock(attemptID: attemptID, studentID: studentID) else { return .notFound }
            // The exam's rules come with the attempt (`AttemptIntegrity`): no statement of their own.
            let verdict = access.verdict(attempt.integrity)
            guard verdict == .passes else { return .refusedByIntegrity(verdict) }
            guard attempt.timing.takesAnswers(at: now) else { return .notRunning }
            let keeps = attempt.integrity.focusLog
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

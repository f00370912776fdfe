import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared

/// How a student's terms at an exam are read: the exam's columns (table alias `e`), the
/// student's override (`o`, a LEFT JOIN of `exam_overrides`) and accommodation (`ac`, a LEFT
/// JOIN of `accommodations`), selected with `select` and decoded with `terms(_:)` into the
/// `StudentTerms` the rules take (`ExamPrepExams`). What the override and accommodation change
/// is decided there, not in SQL. The exam's extent across all its students (`ExamExtent`:
/// overrides' windows, attempts still running) is read as four look-ups, raw: when the exam
/// is over for everyone is decided there too. The two over running attempts are look-ups in
/// an index of running attempts by exam and deadline (migration 033): `max` reads the exam's
/// last deadline, and whether one runs without a deadline asks for the exam's entries without
/// one, in the index's order, which an index gives cheaply and a scan does not (an `EXISTS`
/// looked cheaper as a scan of every running attempt of the exam). When every attempt has a
/// deadline the second finds nothing at once, however many attempts were just submitted.
enum StudentTermsColumns {
    /// A fixed fragment of a select list.
    static let select = """
        e.status, e.opens_at, e.closes_at, e.closed_at, e.max_attempts, e.time_limit_minutes, \(ExamPolicyColumns.select),
        (SELECT min(xo.opens_at) FROM exam_overrides xo WHERE xo.exam_id = e.id) AS extent_opening,
        (SELECT max(xo.closes_at) FROM exam_overrides xo WHERE xo.exam_id = e.id) AS extent_closing,
        (SELECT max(xa.deadline) FROM attempts xa WHERE xa.exam_id = e.id AND xa.submitted_at IS NULL) AS extent_deadline,
        coalesce((SELECT true FROM attempts xa WHERE xa.exam_id = e.id AND xa.submitted_at IS NULL AND xa.deadline IS NULL
                  ORDER BY xa.deadline LIMIT 1), false) AS extent_unbounded,
        o.student_id IS NOT NULL AS has_override, o.extra_attempts AS override_extra_attempts,
        o.opens_at AS override_opens_at, o.closes_at AS override_closes_at, o.time_limit_minutes AS override_time_limit,
        ac.student_id IS NOT NULL AS has_accommodation, ac.time_multiplier::float8 AS accommodation_multiplier,
        ac.extra_minutes AS accommodation_extra_minutes
        """

    static func terms(_ row: PostgresRow) throws -> StudentTerms {
        let exam = ExamTerms(
            status: try ExamRepository.status(row), opensAt: try row.decode("opens_at"), closesAt: try row.decode("closes_at"),
            closedAt: try row.decode("closed_at"),
            extent: ExamExtent(
                earliestOverrideOpening: try row.decode("extent_opening"), latestOverrideClosing: try row.decode("extent_closing"),
                latestRunningDeadline: try row.decode("extent_deadline"), runsWithoutDeadline: try row.decode("extent_unbounded")),
            maxAttempts: try row.decode("max_attempts"), timeLimitMinutes: try row.decode("time_limit_minutes"),
            policy: try ExamPolicyColumns.policy(row))
        let override: ExamOverride? =
            try row.decode("has_override", as: Bool.self)
            ? ExamOverride(
                extraAttempts: try row.decode("override_extra_attempts"), opensAt: try row.decode("override_opens_at"),
                closesAt: try row.decode("override_closes_at"), timeLimitMinutes: try row.decode("override_time_limit"))
            : nil
        let accommodation: Accommodation? =
            try row.decode("has_accommodation", as: Bool.self)
            ? Accommodation(
                timeMultiplier: try row.decode("accommodation_multiplier"), extraMinutes: try row.decode("accommodation_extra_minutes"))
            : nil
        return StudentTerms(exam: exam, override: override, accommodation: accommodation)
    }
}

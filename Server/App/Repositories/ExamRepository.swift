import ExamPrepExams
import ExamPrepPostgres
import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// A faculty member's exams: creating, reading, listing, rewriting drafts, deleting, publishing
/// and closing. Their questions, choices and bank draws are written by
/// `ExamContentStatements`. Every method checks ownership through the course
/// (`OwnershipRepository`): another's exam is `nil` / `.notFound`.
struct ExamRepository: Sendable {
    let pool: PostgresPool

    enum Creating: Sendable {
        case created(Exam)
        case notFound
        /// The course holds as many exams, or questions, as `ExamCaps` allows.
        case capReached(Message)
    }

    enum Replacing: Sendable {
        case replaced(Exam)
        case notFound
        /// Only drafts can be rewritten.
        case notDraft(ExamStatus)
        case capReached(Message)
    }

    enum Deleting: Sendable {
        case deleted
        case notFound
        /// A published or closed exam that students have attempted stays.
        case hasAttempts
    }

    enum Transition: Sendable {
        case done(Exam)
        case notFound
        case wrongState(ExamStatus)
        /// The bank cannot fill the exam's draws (why, as a sentence).
        case drawsShort(Message)
        /// Reopening: the exam's closing time has passed and no student's own terms close
        /// later, so no one could sit it.
        case windowEnded
    }

    /// Creates a draft in the faculty member's course, within the course's `caps`. The faculty
    /// member's row is locked first, so that concurrent creations are counted one after the
    /// other without holding up the attempts running in the course.
    func create(courseID: Int, facultyID: Int, exam: ValidExam, caps: ExamCaps, logger: Logger) async throws -> Creating {
        try await pool.transaction(logger: logger) { transaction in
            _ = try await transaction.query("SELECT id FROM users WHERE id = \(facultyID) FOR UPDATE")
            guard try await OwnershipRepository.course(of: .course(courseID), facultyID: facultyID, lock: .share, in: transaction) != nil
            else {
                return .notFound
            }
            if let cap = try await CourseCapacity.capReached(
                courseID: courseID, adding: exam.questions.count, addingExam: true, replacing: nil, caps: caps, in: transaction)
            {
                return .capReached(cap)
            }
            let examID = try await Self.insertRow(exam, courseID: courseID, in: transaction)
            try await ExamContentStatements(transaction: transaction).write(exam, examID: examID, courseID: courseID)
            guard let created = try await Self.load(examID: examID, in: transaction) else { return .notFound }
            return .created(created)
        }
    }

    /// Writes the exam's own row (its settings and policy) in the caller's transaction; its id.
    /// Its questions and draws are `ExamContentStatements.write`'s.
    static func insertRow(_ exam: ValidExam, courseID: Int, in transaction: Transaction) async throws -> Int {
        try await transaction.query(
            """
            INSERT INTO exams (course_id, title, instructions, time_limit_minutes, opens_at, closes_at, max_attempts,
                               grading_method, minutes_between_attempts, shuffle_questions, shuffle_choices, grace_seconds,
                               review_after_submit, review_after_close, focus_log, one_session, seb_config_keys)
            VALUES (\(courseID), \(exam.title), \(exam.instructions), \(exam.timeLimitMinutes), \(exam.opensAt),
                    \(exam.closesAt), \(exam.maxAttempts), \(exam.policy.gradingMethod.rawValue),
                    \(exam.policy.minutesBetweenAttempts), \(exam.policy.shuffleQuestions), \(exam.policy.shuffleChoices),
                    \(exam.policy.graceSeconds), \(PostgresArray(exam.policy.review.afterSubmit.map(\.rawValue))),
                    \(PostgresArray(exam.policy.review.afterClose.map(\.rawValue))), \(exam.policy.focusLog),
                    \(exam.policy.oneSession), \(ExamPolicyColumns.keys(exam.policy)))
            RETURNING id
            """
        ).single().decode("id")
    }

    /// The exam with its questions and right answers, if it is the faculty member's. Read in
    /// a transaction that holds a share lock on the exam's row, so a concurrent delete waits
    /// until the questions are read too.
    func exam(id examID: Int, facultyID: Int, logger: Logger) async throws -> Exam? {
        try await pool.transaction(logger: logger) { transaction in
            try await Self.load(examID: examID, facultyID: facultyID, lock: .share, in: transaction)
        }
    }

    /// A page of the faculty member's exams (of one course when `courseID` is given), by id.
    func summaries(facultyID: Int, courseID: Int?, page: PageRequest, logger: Logger) async throws -> [ExamSummary] {
        let rows = try await pool.query(
            """
            SELECT e.id, e.course_id, e.title, e.status, e.max_attempts, e.time_limit_minutes, e.opens_at, e.closes_at,
                   (SELECT count(*) FROM questions q WHERE q.exam_id = e.id AND q.is_current)
                       + (SELECT coalesce(sum(d.count), 0) FROM exam_draws d WHERE d.exam_id = e.id) AS question_count,
                   (SELECT coalesce(sum(q.points), 0)::bigint FROM questions q WHERE q.exam_id = e.id AND q.is_current)
                       + (SELECT coalesce(sum(d.count * d.points), 0) FROM exam_draws d WHERE d.exam_id = e.id) AS total_points,
                   (SELECT count(*) FROM attempts a WHERE a.exam_id = e.id) AS attempt_count
            FROM exams e JOIN courses c ON c.id = e.course_id
            WHERE \(ownedBy: facultyID) AND (\(courseID)::bigint IS NULL OR e.course_id = \(courseID))
              AND e.id > \(page.after ?? 0)
            ORDER BY e.id
            LIMIT \(page.fetchLimit)
            """, logger: logger)
        return try rows.map { row in
            ExamSummary(
                id: try row.decode("id"), courseId: try row.decode("course_id"), title: try row.decode("title"),
                status: try Self.status(row), questionCount: try row.decode("question_count"),
                totalPoints: try row.decode("total_points"), attemptCount: try row.decode("attempt_count"),
                maxAttempts: try row.decode("max_attempts"), timeLimitMinutes: try row.decode("time_limit_minutes"),
                opensAt: try row.decode("opens_at"), closesAt: try row.decode("closes_at"))
        }
    }

    /// Rewrites a draft whole: its settings and its questions (which get new ids).
    func replace(examID: Int, facultyID: Int, exam: ValidExam, caps: ExamCaps, logger: Logger) async throws -> Replacing {
        try await pool.transaction(logger: logger) { transaction in
            guard let status = try await Self.owned(examID: examID, facultyID: facultyID, lock: .update, in: transaction) else {
                return .notFound
            }
            guard status == .draft else { return .notDraft(status) }
            if let cap = try await CourseCapacity.capReached(
                courseID: nil, adding: exam.questions.count, addingExam: false, replacing: examID, caps: caps, in: transaction)
            {
                return .capReached(cap)
            }
            try await transaction.execute(
                """
                UPDATE exams SET title = \(exam.title), instructions = \(exam.instructions),
                    time_limit_minutes = \(exam.timeLimitMinutes), opens_at = \(exam.opensAt), closes_at = \(exam.closesAt),
                    max_attempts = \(exam.maxAttempts), grading_method = \(exam.policy.gradingMethod.rawValue),
                    minutes_between_attempts = \(exam.policy.minutesBetweenAttempts),
                    shuffle_questions = \(exam.policy.shuffleQuestions), shuffle_choices = \(exam.policy.shuffleChoices),
                    grace_seconds = \(exam.policy.graceSeconds),
                    review_after_submit = \(PostgresArray(exam.policy.review.afterSubmit.map(\.rawValue))),
                    review_after_close = \(PostgresArray(exam.policy.review.afterClose.map(\.rawValue))),
                    focus_log = \(exam.policy.focusLog), one_session = \(exam.policy.oneSession),
                    seb_config_keys = \(ExamPolicyColumns.keys(exam.policy))
                WHERE id = \(examID)
                """)
            let content = ExamContentStatements(transaction: transaction)
            try await content.clear(examID: examID)
            let courseID: Int = try await transaction.query("SELECT course_id FROM exams WHERE id = \(examID)").single().decode("course_id")
            try await content.write(exam, examID: examID, courseID: courseID)
            guard let replaced = try await Self.load(examID: examID, in: transaction) else { return .notFound }
            return .replaced(replaced)
        }
    }

    /// Deletes a draft, or any exam nobody has attempted. The exam's row is locked first, and
    /// starting an attempt takes a share lock on it, so no attempt can slip in between the
    /// check and the delete.
    func delete(examID: Int, facultyID: Int, logger: Logger) async throws -> Deleting {
        try await pool.transaction(logger: logger) { transaction in
            guard let status = try await Self.owned(examID: examID, facultyID: facultyID, lock: .update, in: transaction) else {
                return .notFound
            }
            if status != .draft {
                let attempted: Bool = try await transaction.query(
                    "SELECT EXISTS (SELECT 1 FROM attempts WHERE exam_id = \(examID)) AS attempted"
                ).single().decode("attempted")
                if attempted { return .hasAttempts }
            }
            try await transaction.execute("DELETE FROM exams WHERE id = \(examID)")
            return .deleted
        }
    }

    /// Moves the exam from `from` to `to` (draft → published, published → closed, closed →
    /// published: reopened, unless its window has ended); `now` is when an exam closes.
    func transition(examID: Int, facultyID: Int, from: ExamStatus, to: ExamStatus, now: Date, logger: Logger) async throws
        -> Transition
    {
        try await pool.transaction(logger: logger) { transaction in
            guard let status = try await Self.owned(examID: examID, facultyID: facultyID, lock: .update, in: transaction) else {
                return .notFound
            }
            guard status == from else { return .wrongState(status) }
            if from == .closed, try await Self.windowEnded(examID: examID, now: now, in: transaction) { return .windowEnded }
            if from == .draft, to == .published {
                let courseID: Int = try await transaction.query("SELECT course_id FROM exams WHERE id = \(examID)").single()
                    .decode("course_id")
                if let short = try await ExamContentStatements(transaction: transaction).shortfall(examID: examID, courseID: courseID) {
                    return .drawsShort(short)
                }
            }
            let closedAt: Date? = to == .closed ? now : nil
            try await transaction.execute("UPDATE exams SET status = \(to.rawValue), closed_at = \(closedAt) WHERE id = \(examID)")
            guard let exam = try await Self.load(examID: examID, in: transaction) else { return .notFound }
            return .done(exam)
        }
    }

    /// Before closing: how many students enrolled in the course have not started the exam, and
    /// how many attempts are running at `now`; nil for another's exam.
    func closingCounts(examID: Int, facultyID: Int, now: Date, logger: Logger) async throws -> (notSat: Int, running: Int)? {
        let rows = try await pool.query(
            """
            SELECT (SELECT count(*) FROM enrollments n WHERE n.course_id = e.course_id
                      AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.exam_id = e.id AND a.student_id = n.user_id))::int8 AS not_sat,
                   (SELECT count(*) FROM attempts a WHERE a.exam_id = e.id AND a.submitted_at IS NULL
                      AND (a.deadline IS NULL OR a.deadline + make_interval(secs => e.grace_seconds) > \(now)))::int8 AS running
            FROM exams e JOIN courses c ON c.id = e.course_id WHERE e.id = \(examID) AND \(ownedBy: facultyID)
            """, logger: logger)
        return try rows.first.map { (try $0.decode("not_sat"), try $0.decode("running")) }
    }

    // MARK: - Steps

    /// Whether the exam's closing time has passed at `now` with no student's own terms closing later.
    private static func windowEnded(examID: Int, now: Date, in transaction: Transaction) async throws -> Bool {
        try await transaction.query(
            """
            SELECT (e.closes_at IS NOT NULL AND e.closes_at <= \(now)
                    AND NOT EXISTS (SELECT 1 FROM exam_overrides o WHERE o.exam_id = e.id AND o.closes_at > \(now))) AS ended
            FROM exams e WHERE e.id = \(examID)
            """
        ).single().decode("ended")
    }

    /// The exam's status when the faculty member owns it, taking `lock` on the exam's row.
    private static func owned(examID: Int, facultyID: Int, lock: RowLock, in transaction: Transaction) async throws -> ExamStatus? {
        let rows = try await transaction.query(
            """
            SELECT e.status FROM exams e JOIN courses c ON c.id = e.course_id
            WHERE e.id = \(examID) AND \(ownedBy: facultyID) \(unescaped: lock.clause(of: "e"))
            """)
        return try rows.first.map(status)
    }

    /// The whole exam, answers included, when it exists (and, given `facultyID`, is that
    /// faculty member's): ownership and the exam's row in one statement, so an exam deleted
    /// in between reads as absent, never as a row that is not there.
    private static func load(examID: Int, facultyID: Int? = nil, lock: RowLock = .none, in transaction: Transaction) async throws
        -> Exam?
    {
        let rows = try await transaction.query(
            """
            SELECT e.id, e.course_id, e.title, e.instructions, e.time_limit_minutes, e.opens_at, e.closes_at, e.max_attempts, e.status,
                   \(unescaped: ExamPolicyColumns.select)
            FROM exams e JOIN courses c ON c.id = e.course_id
            WHERE e.id = \(examID) AND \(ownedBy: facultyID)
            \(unescaped: lock.clause(of: "e"))
            """)
        guard let row = rows.first else { return nil }
        let questions = try await QuestionStatements(transaction: transaction).questions(ofExam: examID)
        let content = ExamContentStatements(transaction: transaction)
        let draws = try await content.draws(examID: examID)
        let courseID: Int = try row.decode("course_id")
        let available = try await draws.isEmpty ? [:] : content.availability(examID: examID, courseID: courseID).byPosition
        return Exam(
            id: try row.decode("id"), courseId: try row.decode("course_id"), title: try row.decode("title"),
            instructions: try row.decode("instructions"), timeLimitMinutes: try row.decode("time_limit_minutes"),
            opensAt: try row.decode("opens_at"), closesAt: try row.decode("closes_at"), maxAttempts: try row.decode("max_attempts"),
            status: try status(row), policy: try ExamPolicyColumns.policy(row), questions: questions.map(\.facultyView),
            draws: draws.isEmpty
                ? nil
                : draws.map {
                    var slot = $0.slot
                    slot.available = available[$0.position, default: 0]
                    return slot
                })
    }

    static func status(_ row: PostgresRow) throws -> ExamStatus {
        let text: String = try row.decode("status")
        guard let status = ExamStatus(rawValue: text) else {
            throw PostgresError(kind: .decoding, message: "unknown exam status '\(text)'", column: "status")
        }
        return status
    }
}

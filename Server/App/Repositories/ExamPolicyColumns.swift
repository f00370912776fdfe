import ExamPrepPostgres
import ExamPrepShared

/// How an exam's policy is kept in `exams` (migrations 015 and 043): read with `select` (table alias
/// `e`), decoded with `policy(_:)`.
enum ExamPolicyColumns {
    /// A fixed fragment of a select list.
    static let select = """
        e.grading_method, e.minutes_between_attempts, e.shuffle_questions, e.shuffle_choices, e.grace_seconds,
        array_to_string(e.review_after_submit, ',') AS review_after_submit,
        array_to_string(e.review_after_close, ',') AS review_after_close,
        e.focus_log, e.one_session, array_to_string(e.seb_config_keys, ',') AS seb_config_keys
        """

    static func policy(_ row: PostgresRow) throws -> ExamPolicy {
        ExamPolicy(
            gradingMethod: try gradingMethod(row), minutesBetweenAttempts: try row.decode("minutes_between_attempts"),
            shuffleQuestions: try row.decode("shuffle_questions"), shuffleChoices: try row.decode("shuffle_choices"),
            graceSeconds: try row.decode("grace_seconds"),
            review: ReviewOptions(
                afterSubmit: try items(row.decode("review_after_submit")), afterClose: try items(row.decode("review_after_close"))),
            focusLog: try row.decode("focus_log"), oneSession: try row.decode("one_session"),
            safeExamBrowser: try (row.decode("seb_config_keys") as String?).map {
                SafeExamBrowserPolicy(configKeys: $0.split(separator: ",").map(String.init))
            })
    }

    /// The Safe Exam Browser keys as the `seb_config_keys` column takes them (NULL: none).
    static func keys(_ policy: ExamPolicy) -> PostgresArray<String>? {
        policy.safeExamBrowser.map { PostgresArray($0.configKeys) }
    }

    /// The `grading_method` column alone.
    static func gradingMethod(_ row: PostgresRow) throws -> GradingMethod {
        let method: String = try row.decode("grading_method")
        guard let gradingMethod = GradingMethod(rawValue: method) else {
            throw PostgresError(kind: .decoding, message: "unknown grading method '\(method)'", column: "grading_method")
        }
        return gradingMethod
    }

    private static func items(_ text: String) throws -> [ReviewItem] {
        try text.split(separator: ",").map { name in
            guard let item = ReviewItem(rawValue: String(name)) else {
                throw PostgresError(kind: .decoding, message: "unknown review item '\(name)'", column: "review")
            }
            return item
        }
    }
}

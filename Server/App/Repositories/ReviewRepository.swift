import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// What a student has to review today and what they got wrong: the two lists of practice.
/// Only courses the student is enrolled in count; `courseID` narrows to one (nil when the
/// student is not enrolled in it: 404).
struct ReviewRepository: Sendable {
    let pool: PostgresPool

    /// Questions due before the end of today in their course's time zone, soonest first; only
    /// those the student can practise now (open for practice, in no open exam).
    func due(studentID: Int, courseID: Int?, page: TimePageRequest, now: Date, logger: Logger) async throws
        -> [(item: DueReview, key: TimePageRequest.Key)]?
    {
        try await pool.transaction(logger: logger) { transaction in
            guard try await Self.enrolled(studentID: studentID, courseID: courseID, in: transaction) else { return nil }
            let rows = try await transaction.query(
                """
                SELECT rs.family_id, rs.course_id, rs.due, rs.last_review, rs.reviews, rs.lapses, c.time_zone, q.id AS question_id,
                       to_char(rs.due AT TIME ZONE c.time_zone, 'YYYY-MM-DD') AS due_date,
                       (extract(epoch FROM rs.due) * 1000000)::bigint AS sort_micros
                FROM review_schedules rs
                JOIN courses c ON c.id = rs.course_id
                JOIN enrollments en ON en.course_id = rs.course_id AND en.user_id = rs.student_id
                JOIN questions q ON q.family_id = rs.family_id AND q.is_current AND q.exam_id IS NULL AND q.practice
                WHERE rs.student_id = \(studentID) AND (\(courseID)::bigint IS NULL OR rs.course_id = \(courseID))
                  AND rs.due < day_end(\(now), c.time_zone)
                  AND q.family_id NOT IN (SELECT x.family_id FROM student_open_exam_questions(\(studentID), \(courseID)::bigint, \(now)) x)
                  AND (\(page.after?.micros)::bigint IS NULL
                       OR ((extract(epoch FROM rs.due) * 1000000)::bigint, rs.family_id) > (\(page.after?.micros), \(page.after?.id)))
                ORDER BY sort_micros, rs.family_id
                LIMIT \(page.fetchLimit)
                """)
            let questions = try await Self.questions(try rows.map { try $0.decode("question_id") }, in: transaction)
            let aliases = try await Self.aliases(ofStudent: studentID, in: transaction)
            return try rows.compactMap { row in
                guard let question = questions[try row.decode("question_id")] else { return nil }
                let item = DueReview(
                    questionId: try row.decode("family_id"), courseId: try row.decode("course_id"),
                    question: aliases.shownShuffled(question).practiceView,
                    due: try row.decode("due"), dueDate: try row.decode("due_date"), timeZone: try row.decode("time_zone"),
                    lastReviewedAt: try row.decode("last_review"), reviews: try row.decode("reviews"), lapses: try row.decode("lapses"))
                return (item, TimePageRequest.Key(micros: try row.decode("sort_micros"), id: item.questionId))
            }
        }
    }

    /// Questions answered wrong and not right since, the latest wrong answer first (see
    /// `student_mistakes`: exam results count once the attempt's review options show
    /// correctness).
    func mistakes(studentID: Int, courseID: Int?, page: TimePageRequest, now: Date, logger: Logger) async throws
        -> [(item: Mistake, key: TimePageRequest.Key)]?
    {
        try await pool.transaction(logger: logger) { transaction in
            guard try await Self.enrolled(studentID: studentID, courseID: courseID, in: transaction) else { return nil }
            let rows = try await transaction.query(
                """
                SELECT m.family_id, m.course_id, m.last_wrong, m.wrong_count, m.source, m.exam_id, m.exam_title, q.id AS question_id,
                       (q.exam_id IS NULL AND q.practice AND q.family_id NOT IN (SELECT x.family_id FROM student_open_exam_questions(\(studentID), \(courseID)::bigint, \(now)) x)) AS practiceable,
                       m.sort_micros
                FROM (SELECT *, (extract(epoch FROM last_wrong) * 1000000)::bigint AS sort_micros
                      FROM student_mistakes(\(studentID), \(courseID)::bigint, \(now))) m
                JOIN enrollments en ON en.course_id = m.course_id AND en.user_id = \(studentID)
                JOIN questions q ON q.family_id = m.family_id AND q.is_current
                WHERE \(page.after?.micros)::bigint IS NULL OR (m.sort_micros, m.family_id) < (\(page.after?.micros), \(page.after?.id))
                ORDER BY m.sort_micros DESC, m.family_id DESC
                LIMIT \(page.fetchLimit)
                """)
            let questions = try await Self.questions(try rows.map { try $0.decode("question_id") }, in: transaction)
            let aliases = try await Self.aliases(ofStudent: studentID, in: transaction)
            return try rows.compactMap { row in
                guard let question = questions[try row.decode("question_id")] else { return nil }
                let sourceText: String = try row.decode("source")
                let item = Mistake(
                    questionId: try row.decode("family_id"), courseId: try row.decode("course_id"),
                    question: aliases.shownShuffled(question).practiceView,
                    lastWrongAt: try row.decode("last_wrong"), wrongCount: try row.decode("wrong_count"),
                    source: MistakeSource(rawValue: sourceText) ?? .practice, examId: try row.decode("exam_id"),
                    examTitle: try row.decode("exam_title"), practiceable: try row.decode("practiceable"))
                return (item, TimePageRequest.Key(micros: try row.decode("sort_micros"), id: item.questionId))
            }
        }
    }

    // MARK: - Steps

    /// The ids the student sees in these lists (`AnswerAliases`, under the student's own seed).
    private static func aliases(ofStudent studentID: Int, in transaction: Transaction) async throws -> AnswerAliases {
        let rows = try await transaction.query("SELECT alias_seed FROM users WHERE id = \(studentID)")
        return AnswerAliases(seed: try rows.first?.decode("alias_seed"))
    }

    /// Whether the student may read `courseID` (always, for every course: nil).
    private static func enrolled(studentID: Int, courseID: Int?, in transaction: Transaction) async throws -> Bool {
        guard let courseID else { return true }
        return try await !transaction.query(
            "SELECT 1 AS enrolled FROM enrollments WHERE course_id = \(courseID) AND user_id = \(studentID)"
        ).isEmpty
    }

    private static func questions(_ ids: [Int], in transaction: Transaction) async throws -> [Int: StoredQuestion] {
        guard !ids.isEmpty else { return [:] }
        let loaded = try await QuestionStatements(transaction: transaction).load(
            """
            SELECT \(unescaped: QuestionStatements.columns), NULL::integer AS slot_points FROM questions q
            WHERE q.id = ANY(\(PostgresArray(ids)))
            """)
        return Dictionary(loaded.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

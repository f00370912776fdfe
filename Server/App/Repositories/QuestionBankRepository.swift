import ExamPrepExams
import ExamPrepPostgres
import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// A course's question bank for its faculty member: listing by topic and tag, adding (one by
/// one or an import's questions, all or none), reading every question for an export, editing
/// by version, deleting, and opening questions for practice. Another's course or question is
/// `nil` (404). A question is addressed by its family id (its first version's id).
///
/// An edit of a question that no attempt has used rewrites it in place (its version stays);
/// once attempts (or practice sessions) used it, an edit makes a new version and the attempts
/// keep theirs. The same holds for a deletion: an unused question goes, a used one is retired
/// (no longer current, never drawn or practised again, still there for the attempts and
/// practice answers that showed it).
struct QuestionBankRepository: Sendable {
    let pool: PostgresPool
    let caps: ExamCaps

    enum Saving: Sendable {
        case saved([Question])
        case notFound
        /// The course holds as many questions as `ExamCaps` allows (why, as a sentence).
        case capReached(Message)
    }

    /// A page of the course's bank, by question id; `topic` also takes the topics below it,
    /// `search` keeps the questions whose name or text holds it (in any case).
    func list(courseID: Int, facultyID: Int, topic: String?, tag: String?, search: String? = nil, page: PageRequest, logger: Logger)
        async throws -> [Question]?
    {
        try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .course(courseID), facultyID: facultyID, lock: .share, in: transaction) != nil
            else { return nil }
            return try await Self.bank(
                courseID: courseID, topic: topic, tag: tag, search: search, after: page.after, limit: page.fetchLimit, in: transaction
            )
            .map { $0.facultyView(bankFields: true) }
        }
    }

    /// Up to `limit` current questions of the bank (or of a topic) after the question `after`,
    /// by id: a page of an export.
    func page(courseID: Int, facultyID: Int, topic: String?, tag: String?, after: Int?, limit: Int, logger: Logger) async throws
        -> [StoredQuestion]?
    {
        try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .course(courseID), facultyID: facultyID, lock: .share, in: transaction) != nil
            else { return nil }
            return try await Self.bank(courseID: courseID, topic: topic, tag: tag, after: after, limit: limit, in: transaction)
        }
    }

    /// The course's name when it is the faculty member's, else nil: the one check before an
    /// import reads its file (the dry run's page names the course).
    func courseName(courseID: Int, facultyID: Int, logger: Logger) async throws -> String? {
        try await pool.query("SELECT c.name FROM courses c WHERE c.id = \(courseID) AND \(ownedBy: facultyID)", logger: logger).first?
            .decode("name")
    }

    /// Adds questions to the bank in one transaction (all or none), within the course's cap.
    func create(_ questions: [ValidQuestion], courseID: Int, facultyID: Int, logger: Logger) async throws -> Saving {
        try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .course(courseID), facultyID: facultyID, lock: .update, in: transaction) != nil
            else { return .notFound }
            if let cap = try await CourseCapacity.capReached(
                courseID: courseID, adding: questions.count, addingExam: false, replacing: nil, caps: caps, in: transaction)
            {
                return .capReached(cap)
            }
            let repository = QuestionStatements(transaction: transaction)
            var created: [Question] = []
            for question in questions {
                let id = try await repository.insert(question, at: .init(courseID: courseID))
                created.append(StoredQuestion(question, id: id).facultyView(bankFields: true))
            }
            return .saved(created)
        }
    }

    func question(familyID: Int, facultyID: Int, logger: Logger) async throws -> Question? {
        try await pool.transaction(logger: logger) { transaction in
            try await QuestionStatements(transaction: transaction).current(familyID: familyID, facultyID: facultyID)?
                .facultyView(bankFields: true)
        }
    }

    enum Replacing: Sendable {
        case replaced(Question)
        case notFound
        /// A new version would pass the course's cap of stored questions (why, as a sentence).
        case capReached(Message)
    }

    /// Rewrites the question whole (a new version when attempts used it, within the course's
    /// cap of stored questions).
    func replace(familyID: Int, facultyID: Int, with question: ValidQuestion, logger: Logger) async throws -> Replacing {
        try await pool.transaction(logger: logger) { transaction in
            let repository = QuestionStatements(transaction: transaction)
            guard let current = try await repository.currentForEdit(familyID: familyID, facultyID: facultyID) else { return .notFound }
            let place = try await transaction.query(
                "SELECT course_id, exam_id, position FROM questions WHERE id = \(current.id)"
            ).single()
            var placement = QuestionStatements.Placement(
                courseID: try place.decode("course_id"), examID: try place.decode("exam_id"), position: try place.decode("position"),
                familyID: current.familyID, version: current.version)
            if try await Self.isUsed(questionID: current.id, in: transaction) {
                if let cap = try await CourseCapacity.capReached(
                    courseID: placement.courseID, adding: 0, storing: 1, addingExam: false, replacing: nil, caps: caps, in: transaction)
                {
                    return .capReached(cap)
                }
                try await transaction.execute("UPDATE questions SET is_current = false WHERE id = \(current.id)")
                placement.version += 1
            } else {
                try await transaction.execute("DELETE FROM questions WHERE id = \(current.id)")
            }
            let id = try await repository.insert(question, at: placement)
            return .replaced(
                StoredQuestion(question, id: id, familyID: current.familyID, version: placement.version).facultyView(bankFields: true))
        }
    }

    enum Deleting: Sendable {
        case deleted
        case notFound
        /// The question is one of an exam's own: it goes with the exam (or a rewrite of it).
        case inExam(Int)
    }

    /// Deletes the question (retires it when attempts used it).
    func delete(familyID: Int, facultyID: Int, logger: Logger) async throws -> Deleting {
        try await pool.transaction(logger: logger) { transaction in
            guard
                let current = try await QuestionStatements(transaction: transaction).currentForEdit(
                    familyID: familyID, facultyID: facultyID)
            else { return .notFound }
            let exam: Int? = try await transaction.query("SELECT exam_id FROM questions WHERE id = \(current.id)").single()
                .decode("exam_id")
            if let exam { return .inExam(exam) }
            // Earlier versions are kept by the attempts that showed them, or go with the last.
            let used = try await transaction.query(
                """
                SELECT EXISTS (
                    SELECT 1 FROM attempt_questions aq JOIN questions v ON v.id = aq.question_id WHERE v.family_id = \(familyID)
                ) OR EXISTS (
                    SELECT 1 FROM answers an JOIN questions v ON v.id = an.question_id WHERE v.family_id = \(familyID)
                ) OR EXISTS (
                    SELECT 1 FROM practice_questions pq JOIN questions v ON v.id = pq.question_id WHERE v.family_id = \(familyID)
                ) AS used
                """
            ).single().decode("used", as: Bool.self)
            if used {
                try await transaction.execute("UPDATE questions SET is_current = false WHERE id = \(current.id)")
            } else {
                try await transaction.execute("DELETE FROM questions WHERE family_id = \(familyID)")
            }
            return .deleted
        }
    }

    /// Bank questions to open or close for practice: by topic (and below) and tags, or by id.
    struct PracticeSelection: Sendable {
        var topic: String?
        var tags: [String]
        /// Family ids; nil: every question the topic and tags select.
        var questionIDs: [Int]?
    }

    /// Sets `practice` on the selected current bank questions (in place: it changes no
    /// version); the number changed and the number held back from students by an open exam,
    /// or nil for another's course.
    func markPractice(_ selection: PracticeSelection, practice: Bool, courseID: Int, facultyID: Int, now: Date, logger: Logger)
        async throws -> (changed: Int, heldBack: Int)?
    {
        try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .course(courseID), facultyID: facultyID, lock: .share, in: transaction) != nil
            else { return nil }
            // Also counted: the selected questions (all open for practice after opening them)
            // that an exam open now can show (drawn, or as its own), which students are not offered until it is over.
            let row = try await transaction.query(
                """
                WITH selected AS (
                    SELECT q.id, q.family_id FROM questions q
                    WHERE q.course_id = \(courseID) AND q.exam_id IS NULL AND q.is_current AND q.kind NOT IN ('description', 'essay')
                      AND topic_within(q.topic, \(selection.topic)::text)
                      AND q.tags @> \(PostgresArray(selection.tags))::text[]
                      AND (\(selection.questionIDs == nil) OR q.family_id = ANY(\(PostgresArray(selection.questionIDs ?? []))::bigint[]))
                ), changed AS (
                    UPDATE questions q SET practice = \(practice) FROM selected s
                    WHERE q.id = s.id AND q.practice <> \(practice)
                    RETURNING q.id
                )
                SELECT (SELECT count(*) FROM changed)::bigint AS changed,
                       (SELECT count(*) FROM selected s WHERE \(practice)
                          AND s.family_id IN (SELECT x.family_id FROM questions_in_open_exams(\(courseID), \(now)) x))::bigint AS held_back
                """
            ).single()
            let changed: Int = try row.decode("changed")
            let heldBack: Int = try row.decode("held_back")
            return (changed, heldBack)
        }
    }

    /// The bank's topics and tags with how many current questions each has (a topic counts
    /// its own questions only), by name; nil for another's course.
    func outline(courseID: Int, facultyID: Int, logger: Logger) async throws -> (topics: [(String, Int)], tags: [(String, Int)])? {
        try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .course(courseID), facultyID: facultyID, lock: .share, in: transaction) != nil
            else { return nil }
            let rows = try await transaction.query(
                """
                SELECT 'topic' AS kind, coalesce(q.topic, '') AS name, count(*) AS questions FROM questions q
                WHERE q.course_id = \(courseID) AND q.exam_id IS NULL AND q.is_current GROUP BY q.topic
                UNION ALL
                SELECT 'tag', t.tag, count(*) FROM questions q CROSS JOIN LATERAL unnest(q.tags) AS t(tag)
                WHERE q.course_id = \(courseID) AND q.exam_id IS NULL AND q.is_current GROUP BY t.tag
                ORDER BY 1, 2
                """)
            var topics: [(String, Int)] = []
            var tags: [(String, Int)] = []
            for row in rows {
                let entry = (try row.decode("name", as: String.self), try row.decode("questions", as: Int.self))
                if try row.decode("kind", as: String.self) == "topic" { topics.append(entry) } else { tags.append(entry) }
            }
            return (topics, tags)
        }
    }

    // MARK: - Steps

    private static func isUsed(questionID: Int, in transaction: Transaction) async throws -> Bool {
        try await transaction.query(
            """
            SELECT EXISTS (SELECT 1 FROM attempt_questions WHERE question_id = \(questionID))
                OR EXISTS (SELECT 1 FROM answers WHERE question_id = \(questionID))
                OR EXISTS (SELECT 1 FROM practice_questions WHERE question_id = \(questionID)) AS used
            """
        ).single().decode("used")
    }

    private static func bank(
        courseID: Int, topic: String?, tag: String?, search: String? = nil, after: Int?, limit: Int?, in transaction: Transaction
    ) async throws -> [StoredQuestion] {
        try await QuestionStatements(transaction: transaction).load(
            """
            SELECT \(unescaped: QuestionStatements.columns), NULL::integer AS slot_points FROM questions q
            WHERE q.course_id = \(courseID) AND q.exam_id IS NULL AND q.is_current
              AND topic_within(q.topic, \(topic)::text)
              AND (\(tag)::text IS NULL OR \(tag) = ANY(q.tags))
              AND (\(search)::text IS NULL OR strpos(lower(q.prompt), lower(\(search)::text)) > 0
                   OR strpos(lower(coalesce(q.name, '')), lower(\(search)::text)) > 0)
              AND q.family_id > \(after ?? 0)
            ORDER BY q.family_id
            LIMIT \(limit)
            """)
    }
}

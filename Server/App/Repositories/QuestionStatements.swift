import ExamPrepExams
import ExamPrepPostgres
import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// The questions of exams and banks, with their choices and right answers, inside the caller's
/// transaction: read for the faculty view, the student view and grading alike, written when a draft
/// or a bank question is saved. Each row is one version of a question (`family_id` names the
/// question).
struct QuestionStatements {
    let transaction: Transaction

    static let columns = """
        q.id, q.family_id, q.version, q.kind, q.prompt, q.points, q.correct_value, q.accepted_answers::text AS accepted_answers,
        q.answer_key::text AS answer_key, q.text_format, q.general_feedback, q.name, q.topic, to_json(q.tags)::text AS tags,
        q.practice, q.grader_info, q.images::text AS images
        """

    /// The whole questions of an exam (its current versions), in order.
    func questions(ofExam examID: Int) async throws -> [StoredQuestion] {
        let read = try await transaction.pipeline(Self.ofExam(examID))
        guard read.count == 2 else { return [] }
        return try Self.questions(read[0], choices: read[1])
    }

    /// The two statements of `questions(ofExam:)`, the questions and their choices, for a
    /// pipeline (one round trip); `questions(_:choices:)` reads their rows.
    static func ofExam(_ examID: Int) -> [PostgresQuery] {
        [
            """
            SELECT \(unescaped: columns), NULL::integer AS slot_points FROM questions q
            WHERE q.exam_id = \(examID) AND q.is_current ORDER BY q.position
            """,
            """
            SELECT \(unescaped: choiceColumns) FROM choices
            WHERE question_id IN (SELECT id FROM questions WHERE exam_id = \(examID) AND is_current) ORDER BY question_id, position
            """,
        ]
    }

    /// The questions an attempt drew, in its order, each worth the points the attempt gives it
    /// (a drawn question is worth its slot's points); none for an attempt from before draws,
    /// which shows its exam's questions.
    func questions(drawnFor attemptID: Int) async throws -> [StoredQuestion] {
        try await load(
            """
            SELECT \(unescaped: Self.columns), aq.points AS slot_points
            FROM attempt_questions aq JOIN questions q ON q.id = aq.question_id
            WHERE aq.attempt_id = \(attemptID) ORDER BY aq.position
            """)
    }

    /// The current version of the question `familyID`, locked for an edit. An edit that
    /// committed while this one waited for the lock replaced the row it waited for (deleted
    /// it, or made it an old version), and the locked read finds nothing: it reads again (a new
    /// statement sees the new version), as long as the question still has a current version.
    func currentForEdit(familyID: Int, facultyID: Int) async throws -> StoredQuestion? {
        for _ in 0..<Self.editRetries {
            if let current = try await current(familyID: familyID, facultyID: facultyID, lock: true) { return current }
            guard try await current(familyID: familyID, facultyID: facultyID) != nil else { return nil }
        }
        return try await current(familyID: familyID, facultyID: facultyID, lock: true)
    }

    /// How often an edit reads again after other edits replaced the question under it.
    static let editRetries = 20

    /// Locks bank questions an attempt or a practice session is about to show (`FOR KEY
    /// SHARE`: an edit's `FOR UPDATE` waits until they are recorded as shown, and then makes a
    /// new version instead of rewriting them); false when an edit replaced one of them after
    /// they were read, and the draw must be made again.
    func lockShown(_ ids: [Int]) async throws -> Bool {
        let wanted = Set(ids)
        guard !wanted.isEmpty else { return true }
        let locked = try await transaction.query(
            "SELECT id FROM questions WHERE id = ANY(\(PostgresArray(Array(wanted)))) AND is_current ORDER BY id FOR KEY SHARE")
        return locked.count == wanted.count
    }

    /// The current version of the question `familyID` of one of the faculty member's courses.
    func current(familyID: Int, facultyID: Int, lock: Bool = false) async throws -> StoredQuestion? {
        try await load(
            """
            SELECT \(unescaped: Self.columns), NULL::integer AS slot_points
            FROM questions q JOIN courses c ON c.id = q.course_id
            WHERE q.family_id = \(familyID) AND q.is_current AND \(ownedBy: facultyID)
            \(unescaped: lock ? "FOR UPDATE OF q" : "")
            """
        ).first
    }

    /// Runs `sql` (which selects `columns` and `slot_points`) and adds each question's choices.
    func load(_ sql: PostgresQuery) async throws -> [StoredQuestion] {
        let rows = try await transaction.query(sql)
        guard !rows.isEmpty else { return [] }
        let ids = try rows.map { try $0.decode("id", as: Int.self) }
        let choiceRows = try await transaction.query(
            """
            SELECT \(unescaped: Self.choiceColumns) FROM choices
            WHERE question_id = ANY(\(PostgresArray(ids))) ORDER BY question_id, position
            """)
        return try Self.questions(rows, choices: choiceRows)
    }

    static let choiceColumns = "question_id, choice_key, text, correct, weight::float8 AS weight, feedback"

    /// The questions of `rows` (which hold `columns` and `slot_points`), each with its choices
    /// among `choiceRows` (which hold `choiceColumns`, in each question's order).
    static func questions(_ rows: PostgresRows, choices choiceRows: PostgresRows) throws -> [StoredQuestion] {
        var choices: [Int: [StoredQuestion.StoredChoice]] = [:]
        for row in choiceRows {
            choices[try row.decode("question_id"), default: []].append(
                .init(
                    key: try row.decode("choice_key"), text: try row.decode("text"), correct: try row.decode("correct"),
                    weight: try row.decode("weight"), feedback: try row.decode("feedback")))
        }
        return try rows.map { try question($0, choices: choices) }
    }

    private static func question(_ row: PostgresRow, choices: [Int: [StoredQuestion.StoredChoice]]) throws -> StoredQuestion {
        let id: Int = try row.decode("id")
        let kindText: String = try row.decode("kind")
        guard let kind = QuestionKind(rawValue: kindText) else {
            throw PostgresError(kind: .decoding, message: "unknown question kind '\(kindText)'", column: "kind")
        }
        let accepted: String? = try row.decode("accepted_answers")
        let key: String? = try row.decode("answer_key")
        let format: String = try row.decode("text_format")
        let slotPoints: Int? = try row.decode("slot_points")
        var question = StoredQuestion(
            id: id, familyID: try row.decode("family_id"), version: try row.decode("version"), kind: kind,
            prompt: try row.decode("prompt"), points: try slotPoints ?? row.decode("points"), choices: choices[id] ?? [],
            correctValue: try row.decode("correct_value"),
            textAnswers: try accepted.map { try JSONColumn.decode(QuestionAnswer.self, from: $0).textAnswers ?? [] } ?? [],
            key: try key.map { try JSONColumn.decode(AnswerKey.self, from: $0) } ?? AnswerKey(),
            textFormat: TextFormat(rawValue: format) ?? .moodle, generalFeedback: try row.decode("general_feedback"),
            bank: BankFields(
                name: try row.decode("name"), topic: try row.decode("topic"),
                tags: try JSONColumn.decode([String].self, from: try row.decode("tags")),
                practice: try row.decode("practice")))
        question.graderInfo = try row.decode("grader_info")
        try QuestionImageColumn.apply(try row.decode("images"), to: &question)
        return question
    }

    /// Where a new question goes: an exam at a place among its questions, or the bank; a new
    /// version of `familyID` at `version`.
    struct Placement {
        var courseID: Int
        var examID: Int?
        var position: Int?
        var familyID: Int?
        var version = 1
    }

    /// Writes a question with its choices; returns its id.
    @discardableResult
    func insert(_ question: ValidQuestion, at placement: Placement) async throws -> Int {
        // Accepted answers as plain strings unless one has a weight or feedback (rows an
        // older server can read, during a rolling upgrade).
        let plain = question.textAnswers?.allSatisfy { $0.weight == nil && $0.feedback == nil } ?? true
        let accepted = try question.textAnswers.map {
            plain ? try JSONColumn.encode($0.map(\.text)) : try JSONColumn.encode($0)
        }
        let key = question.key.isEmpty ? nil : try JSONColumn.encode(question.key)
        try await QuestionImageColumn.checkCourse(question, courseID: placement.courseID, in: transaction)
        let images = try QuestionImageColumn.encode(question)
        let id: Int = try await transaction.query(
            """
            INSERT INTO questions (
                course_id, exam_id, position, family_id, version, kind, prompt, points, correct_value, accepted_answers,
                answer_key, text_format, general_feedback, name, topic, tags, practice, grader_info, images)
            VALUES (\(placement.courseID), \(placement.examID), \(placement.position), \(placement.familyID), \(placement.version),
                    \(question.kind.rawValue), \(question.prompt), \(question.points), \(question.correctValue), \(accepted)::jsonb,
                    \(key)::jsonb, \(question.textFormat.rawValue), \(question.generalFeedback), \(question.bank.name),
                    \(question.bank.topic), \(PostgresArray(question.bank.tags)), \(question.bank.practice), \(question.graderInfo),
                    \(images)::jsonb)
            RETURNING id
            """
        ).single().decode("id")
        guard !question.choices.isEmpty else { return id }
        let choices = question.choices
        try await transaction.execute(
            """
            INSERT INTO choices (question_id, choice_key, position, text, correct, weight, feedback)
            SELECT \(id), c.key, c.position - 1, c.text, c.correct, nullif(c.weight, 'NaN')::numeric, nullif(c.feedback, '')
            FROM unnest(\(PostgresArray(choices.map(\.key))), \(PostgresArray(choices.map(\.text))),
                        \(PostgresArray(choices.map(\.correct))), \(PostgresArray(choices.map { $0.weight.map { String($0) } ?? "NaN" })),
                        \(PostgresArray(choices.map { $0.feedback ?? "" })))
                 WITH ORDINALITY AS c(key, text, correct, weight, feedback, position)
            """)
        return id
    }

    /// Writes an exam's whole questions at their places.
    func insert(_ exam: ValidExam, intoExam examID: Int, courseID: Int) async throws {
        for (question, position) in zip(exam.questions, exam.questionPositions) {
            try await insert(question, at: Placement(courseID: courseID, examID: examID, position: position))
        }
    }
}

import ExamPrepPostgres
import ExamPrepShared
import Foundation

/// What an exam is made of, inside the caller's transaction: its own questions and its draws
/// from the bank, written together when a draft is saved, read for its faculty member, and
/// checked before it is published.
struct ExamContentStatements {
    let transaction: Transaction

    /// Writes the exam's questions and draws (after a rewrite has deleted the old ones).
    func write(_ exam: ValidExam, examID: Int, courseID: Int) async throws {
        try await QuestionStatements(transaction: transaction).insert(exam, intoExam: examID, courseID: courseID)
        for draw in exam.draws {
            try await transaction.execute(
                """
                INSERT INTO exam_draws (exam_id, position, topic, tags, count, points)
                VALUES (\(examID), \(draw.position), \(draw.topic), \(PostgresArray(draw.tags)), \(draw.count), \(draw.points))
                """)
        }
    }

    /// Deletes a draft's questions and draws, before it is written again.
    func clear(examID: Int) async throws {
        try await transaction.execute("DELETE FROM questions WHERE exam_id = \(examID)")
        try await transaction.execute("DELETE FROM exam_draws WHERE exam_id = \(examID)")
    }

    func draws(examID: Int) async throws -> [ValidDraw] {
        try await transaction.query(
            """
            SELECT position, topic, to_json(tags)::text AS tags, count, points FROM exam_draws
            WHERE exam_id = \(examID) ORDER BY position
            """
        ).map { row in
            ValidDraw(
                position: try row.decode("position"), topic: try row.decode("topic"),
                tags: try JSONColumn.decode([String].self, from: try row.decode("tags")), count: try row.decode("count"),
                points: try row.decode("points"))
        }
    }

    /// Why the bank cannot fill the exam's draws (each draw with the questions it may take,
    /// none taken twice), or nil when it can: checked when the exam is published.
    func shortfall(examID: Int, courseID: Int) async throws -> String? {
        var needed = 0
        for draw in try await draws(examID: examID) {
            needed += draw.count
            let available: Int = try await transaction.query(
                """
                SELECT count(*) AS available FROM questions q
                WHERE q.course_id = \(courseID) AND q.exam_id IS NULL AND q.is_current
                  AND topic_within(q.topic, \(draw.topic)::text)
                  AND q.tags @> \(PostgresArray(draw.tags))::text[]
                """
            ).single().decode("available")
            if available < draw.count {
                let from = [draw.topic.map { "topic \($0)" }, draw.tags.isEmpty ? nil : "tags \(draw.tags.joined(separator: ", "))"]
                    .compactMap { $0 }.joined(separator: " and ")
                return "The draw at place \(draw.position + 1) asks for \(draw.count) questions"
                    + "\(from.isEmpty ? "" : " of \(from)"); the bank has \(available)."
            }
        }
        return nil
    }
}

/// How full a course is: its exams and questions against `ExamCaps`.
enum CourseCapacity {
    /// Which cap adding `questionCount` questions to the course (and, with `addingExam`, an
    /// exam; with `replacing`, in place of that exam's) would pass, if any, as a sentence for
    /// the 409. `storing` is how many rows the change adds (`questionCount` unless an edit
    /// makes a new version, which adds a row and no current question).
    static func capReached(
        courseID: Int?, adding questionCount: Int, storing rows: Int? = nil, addingExam: Bool, replacing examID: Int?,
        caps: ExamCaps, in transaction: Transaction
    ) async throws -> String? {
        let row = try await transaction.query(
            """
            WITH course AS (SELECT coalesce(\(courseID)::bigint, (SELECT course_id FROM exams WHERE id = \(examID))) AS id)
            SELECT (SELECT count(*) FROM exams e WHERE e.course_id = course.id) AS exams, counts.questions, counts.stored
            FROM course CROSS JOIN LATERAL (
                -- Every question of the course but those of the exam being replaced (a bank
                -- question's exam_id is NULL, which IS DISTINCT FROM would not count).
                SELECT count(*) FILTER (WHERE q.is_current) AS questions, count(*) AS stored FROM questions q
                WHERE q.course_id = course.id AND (\(examID)::bigint IS NULL OR q.exam_id IS DISTINCT FROM \(examID))
            ) counts
            """
        ).single()
        let exams: Int = try row.decode("exams")
        let questions: Int = try row.decode("questions")
        let stored: Int = try row.decode("stored")
        if stored + (rows ?? questionCount) > caps.storedQuestionsPerCourse {
            return "The course keeps \(stored) questions with their earlier versions and retired ones, the most one course may "
                + "keep (\(caps.storedQuestionsPerCourse), four times its current questions); nothing was changed."
        }
        if addingExam, exams >= caps.examsPerCourse {
            return "The course has \(exams) exams, the most one course may have (\(caps.examsPerCourse)); delete drafts first."
        }
        if questions + questionCount > caps.questionsPerCourse {
            return
                "The course would hold \(questions + questionCount) questions (its exams' and its bank's), more than one course may hold (\(caps.questionsPerCourse))."
        }
        return nil
    }
}

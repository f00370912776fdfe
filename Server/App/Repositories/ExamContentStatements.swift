import ExamPrepPostgres
import ExamPrepRules
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

    /// How many bank questions each draw may take now, by position: the current questions of
    /// its topic (and below) carrying its tags, but no description and none of the exam's own
    /// questions (`exam_bank_copies`), as `BankDrawStatements` draws them; and how many
    /// different ones all the draws together may take.
    func availability(examID: Int, courseID: Int) async throws -> (byPosition: [Int: Int], together: Int) {
        let rows = try await transaction.query(
            """
            WITH pool AS (
                SELECT d.position, q.family_id FROM exam_draws d
                JOIN questions q ON q.course_id = \(courseID) AND q.exam_id IS NULL AND q.is_current AND q.kind <> 'description'
                                AND topic_within(q.topic, d.topic) AND q.tags @> d.tags
                WHERE d.exam_id = \(examID)
                  AND q.family_id NOT IN (SELECT c.family_id FROM exam_bank_copies(\(examID)) c)
            )
            SELECT d.position, (SELECT count(*) FROM pool p WHERE p.position = d.position) AS available,
                   (SELECT count(DISTINCT p.family_id) FROM pool p) AS together
            FROM exam_draws d WHERE d.exam_id = \(examID)
            """)
        var byPosition: [Int: Int] = [:]
        var together = 0
        for row in rows {
            byPosition[try row.decode("position")] = try row.decode("available")
            together = try row.decode("together")
        }
        return (byPosition, together)
    }

    /// Why the bank cannot fill the exam's draws (a draw with fewer questions it may take than
    /// it asks for, or all of them together), or nil when it can: checked when the exam is
    /// published.
    func shortfall(examID: Int, courseID: Int) async throws -> Message? {
        let draws = try await draws(examID: examID)
        guard !draws.isEmpty else { return nil }
        let available = try await availability(examID: examID, courseID: courseID)
        for draw in draws where available.byPosition[draw.position, default: 0] < draw.count {
            return DrawShortfall.ofSlot(
                draw.slot.fromBank, place: draw.position + 1, available: available.byPosition[draw.position, default: 0])
        }
        let asked = draws.reduce(0) { $0 + $1.count }
        return available.together < asked ? DrawShortfall.ofDraws(asked: asked, available: available.together) : nil
    }
}

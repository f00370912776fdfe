import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation

/// Draws the questions of a new attempt, inside the start's transaction: the exam's own questions
/// at their places and, at each draw's place, questions from the course's bank, those this student
/// has seen least often in this exam first (Moodle's rule for random questions), the rest by
/// chance. A question is drawn once per attempt: no draw takes a bank question that another
/// draw of the attempt took, nor one that is one of the exam's own questions (a copy of it:
/// `exam_bank_copies`, migration 037), as Moodle's random questions leave out the quiz's own.
/// A draw that finds fewer questions than it asks for (the bank shrank after the exam was
/// published) gives what it finds; publishing refuses an exam whose draws the bank cannot fill.
///
/// The drawn questions are locked before the attempt records them (`lockShown`), so an edit
/// cannot delete or rewrite one in between; when an edit already replaced one, the draw throws
/// `Raced` and the start is made again.
struct BankDrawStatements {
    let transaction: Transaction
    /// Where the exam's own questions are found by id once a running attempt shows them.
    var questionCache: AttemptQuestionCache?

    /// An edit replaced a drawn question between the draw and its lock.
    struct Raced: Error {}

    /// How often a start draws again after `Raced` before it gives up (503 with
    /// `Retry-After`: the bank is being edited right now, which passes).
    static let retries = 20

    /// The ids of the exam's own questions, its draws and the bank questions it holds as its
    /// own are read in one round trip; the own questions themselves come from the cache of
    /// running attempts' questions (a class starting together reads and decodes them once),
    /// else in a second one. Each draw then reads the bank.
    func questions(forExam examID: Int, courseID: Int, studentID: Int) async throws -> [StoredQuestion] {
        let read = try await transaction.pipeline([
            "SELECT id, points FROM questions WHERE exam_id = \(examID) AND is_current ORDER BY position",
            """
            SELECT position, topic, to_json(tags)::text AS tags, count, points FROM exam_draws
            WHERE exam_id = \(examID) ORDER BY position
            """,
            "SELECT family_id FROM exam_bank_copies(\(examID)) WHERE EXISTS (SELECT 1 FROM exam_draws WHERE exam_id = \(examID))",
        ])
        guard read.count == 3 else { return [] }
        let own = try await ownQuestions(examID: examID, shown: try read[0].map { (try $0.decode("id"), try $0.decode("points")) })
        let draws = read[1]
        guard !draws.isEmpty else { return own }
        var slots: [Int: [StoredQuestion]] = [:]
        var taken = Set(try read[2].map { try $0.decode("family_id", as: Int.self) })
        for draw in draws {
            let drawn = try await self.draw(
                examID: examID, courseID: courseID, studentID: studentID, topic: try draw.decode("topic"),
                tags: try JSONColumn.decode([String].self, from: try draw.decode("tags")), count: try draw.decode("count"),
                points: try draw.decode("points"), excluding: taken)
            taken.formUnion(drawn.map(\.familyID))
            slots[try draw.decode("position")] = drawn
        }
        guard try await QuestionStatements(transaction: transaction).lockShown(slots.values.flatMap { $0.map(\.id) }) else {
            throw Raced()
        }
        var questions: [StoredQuestion] = []
        var ownQuestions = own[...]
        for position in 0..<(own.count + draws.count) {
            if let drawn = slots[position] {
                questions += drawn
            } else if let next = ownQuestions.popFirst() {
                questions.append(next)
            }
        }
        return questions
    }

    /// The exam's own questions (`shown`: their ids in order, and points), kept or read.
    private func ownQuestions(examID: Int, shown: [(id: Int, points: Int)]) async throws -> [StoredQuestion] {
        if shown.isEmpty { return [] }
        if let kept = questionCache?.questions(shown: shown) { return kept }
        let read = try await transaction.pipeline(QuestionStatements.ofExam(examID))
        guard read.count == 2 else { return [] }
        return try QuestionStatements.questions(read[0], choices: read[1])
    }

    private func draw(
        examID: Int, courseID: Int, studentID: Int, topic: String?, tags: [String], count: Int, points: Int, excluding taken: Set<Int>
    ) async throws -> [StoredQuestion] {
        try await QuestionStatements(transaction: transaction).load(
            """
            SELECT \(unescaped: QuestionStatements.columns), \(points)::integer AS slot_points
            FROM questions q
            WHERE q.course_id = \(courseID) AND q.exam_id IS NULL AND q.is_current AND q.kind <> 'description'
              AND topic_within(q.topic, \(topic)::text)
              AND q.tags @> \(PostgresArray(tags))::text[]
              AND NOT (q.family_id = ANY(\(PostgresArray(Array(taken)))::bigint[]))
            ORDER BY (
                SELECT count(*) FROM attempt_questions aq
                JOIN attempts a ON a.id = aq.attempt_id
                JOIN questions seen ON seen.id = aq.question_id
                WHERE a.exam_id = \(examID) AND a.student_key = student_key(\(studentID)) AND seen.family_id = q.family_id
            ), random()
            LIMIT \(count)
            """)
    }
}

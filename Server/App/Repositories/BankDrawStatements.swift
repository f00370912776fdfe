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
    /// else in a second one. Each draw then reads the bank, for each student in turn (an exam
    /// without draws shows every student its own questions, read once). Each student's
    /// questions, in `studentIDs`' order; the drawn ones are locked together.
    func questions(forExam examID: Int, courseID: Int, studentIDs: [Int]) async throws -> [[StoredQuestion]] {
        let read = try await transaction.pipeline([
            "SELECT id, points FROM questions WHERE exam_id = \(examID) AND is_current ORDER BY position",
            """
            SELECT position, topic, to_json(tags)::text AS tags, count, points FROM exam_draws
            WHERE exam_id = \(examID) ORDER BY position
            """,
            "SELECT family_id FROM exam_bank_copies(\(examID)) WHERE EXISTS (SELECT 1 FROM exam_draws WHERE exam_id = \(examID))",
        ])
        guard read.count == 3 else { return studentIDs.map { _ in [] } }
        let own = try await ownQuestions(examID: examID, shown: try read[0].map { (try $0.decode("id"), try $0.decode("points")) })
        let draws = try read[1].map { draw in
            Draw(
                position: try draw.decode("position"), topic: try draw.decode("topic"),
                tags: try JSONColumn.decode([String].self, from: try draw.decode("tags")), count: try draw.decode("count"),
                points: try draw.decode("points"))
        }
        guard !draws.isEmpty else { return studentIDs.map { _ in own } }
        let ownCopies = Set(try read[2].map { try $0.decode("family_id", as: Int.self) })
        var everyones: [[Int: [StoredQuestion]]] = []
        for studentID in studentIDs {
            var slots: [Int: [StoredQuestion]] = [:]
            var taken = ownCopies
            for draw in draws {
                let drawn = try await self.draw(draw, examID: examID, courseID: courseID, studentID: studentID, excluding: taken)
                taken.formUnion(drawn.map(\.familyID))
                slots[draw.position] = drawn
            }
            everyones.append(slots)
        }
        guard try await QuestionStatements(transaction: transaction).lockShown(everyones.flatMap { $0.values.flatMap { $0.map(\.id) } })
        else {
            throw Raced()
        }
        return everyones.map { slots in
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
    }

    /// One of the exam's draws: how many questions of which topic and tags, worth what, at
    /// which place.
    private struct Draw {
        var position: Int
        var topic: String?
        var tags: [String]
        var count: Int
        var points: Int
    }

    /// The exam's own questions (`shown`: their ids in order, and points), kept or read.
    private func ownQuestions(examID: Int, shown: [(id: Int, points: Int)]) async throws -> [StoredQuestion] {
        if shown.isEmpty { return [] }
        if let kept = questionCache?.questions(shown: shown) { return kept }
        let read = try await transaction.pipeline(QuestionStatements.ofExam(examID))
        guard read.count == 2 else { return [] }
        return try QuestionStatements.questions(read[0], choices: read[1])
    }

    private func draw(_ draw: Draw, examID: Int, courseID: Int, studentID: Int, excluding taken: Set<Int>) async throws -> [StoredQuestion]
    {
        try await QuestionStatements(transaction: transaction).load(
            """
            SELECT \(unescaped: QuestionStatements.columns), \(draw.points)::integer AS slot_points
            FROM questions q
            WHERE q.course_id = \(courseID) AND q.exam_id IS NULL AND q.is_current AND q.kind <> 'description'
              AND topic_within(q.topic, \(draw.topic)::text)
              AND q.tags @> \(PostgresArray(draw.tags))::text[]
              AND NOT (q.family_id = ANY(\(PostgresArray(Array(taken)))::bigint[]))
            ORDER BY (
                SELECT count(*) FROM attempt_questions aq
                JOIN attempts a ON a.id = aq.attempt_id
                JOIN questions seen ON seen.id = aq.question_id
                WHERE a.exam_id = \(examID) AND a.student_key = student_key(\(studentID)) AND seen.family_id = q.family_id
            ), random()
            LIMIT \(draw.count)
            """)
    }
}

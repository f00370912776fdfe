import ExamPrepPostgres
import ExamPrepShared
import Logging

/// The questions of exams, with their choices and right answers: read for the faculty view,
/// the student view and grading alike, written when a draft is saved.
struct QuestionRepository {
    let transaction: Transaction

    /// The questions of an exam in order, with their choices and right answers.
    func questions(ofExam examID: Int) async throws -> [StoredQuestion] {
        let questionRows = try await transaction.query(
            """
            SELECT id, kind, prompt, points, correct_value, accepted_answers::text AS accepted_answers
            FROM questions WHERE exam_id = \(examID) ORDER BY position
            """)
        let choiceRows = try await transaction.query(
            """
            SELECT ch.question_id, ch.choice_key, ch.text, ch.correct
            FROM choices ch JOIN questions q ON q.id = ch.question_id
            WHERE q.exam_id = \(examID)
            ORDER BY ch.question_id, ch.position
            """)
        var choices: [Int: [StoredQuestion.StoredChoice]] = [:]
        for row in choiceRows {
            choices[try row.decode("question_id"), default: []].append(
                .init(key: try row.decode("choice_key"), text: try row.decode("text"), correct: try row.decode("correct")))
        }
        return try questionRows.map { row in
            let id: Int = try row.decode("id")
            let kindText: String = try row.decode("kind")
            guard let kind = QuestionKind(rawValue: kindText) else {
                throw PostgresError(kind: .decoding, message: "unknown question kind '\(kindText)'", column: "kind")
            }
            let accepted: String? = try row.decode("accepted_answers")
            return StoredQuestion(
                id: id, kind: kind, prompt: try row.decode("prompt"), points: try row.decode("points"), choices: choices[id] ?? [],
                correctValue: try row.decode("correct_value"),
                acceptedAnswers: try accepted.map { try JSONColumn.decode([String].self, from: $0) } ?? [])
        }
    }

    /// Writes a draft's questions, in order, with their choices.
    func insert(_ questions: [ValidQuestion], intoExam examID: Int) async throws {
        for (position, question) in questions.enumerated() {
            let accepted = try question.acceptedAnswers.map { try JSONColumn.encode($0) }
            let questionID: Int = try await transaction.query(
                """
                INSERT INTO questions (exam_id, position, kind, prompt, points, correct_value, accepted_answers)
                VALUES (\(examID), \(position), \(question.kind.rawValue), \(question.prompt), \(question.points),
                        \(question.correctValue), \(accepted)::jsonb)
                RETURNING id
                """
            ).single().decode("id")
            guard !question.choices.isEmpty else { continue }
            let correct = question.choices.filter(\.correct).map(\.key)
            try await transaction.execute(
                """
                INSERT INTO choices (question_id, choice_key, position, text, correct)
                SELECT \(questionID), c.key, c.position - 1, c.text, c.key = ANY(\(PostgresArray(correct)))
                FROM unnest(\(PostgresArray(question.choices.map(\.key))), \(PostgresArray(question.choices.map(\.text))))
                     WITH ORDINALITY AS c(key, text, position)
                """)
        }
    }
}

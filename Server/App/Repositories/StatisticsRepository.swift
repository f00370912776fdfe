import ExamPrepPostgres
import ExamPrepShared
import ExamPrepStatistics
import Foundation
import Logging

/// What the item analysis of an exam reads: the counted attempts, each with the questions it
/// showed (drawn or not, with the points it gave them), their scores and the options chosen, and
/// the questions as authored. PostgreSQL picks the attempts, joins and orders them, and writes
/// them as one `ItemAnalysisInput` document; `ItemAnalysis` computes the figures from it.
struct StatisticsRepository: Sendable {
    let pool: PostgresPool

    /// The exam's title, or nil when the exam is not the faculty member's.
    func examTitle(examID: Int, facultyID: Int, logger: Logger) async throws -> String? {
        let rows = try await pool.query(
            """
            SELECT e.title FROM exams e JOIN courses c ON c.id = e.course_id
            WHERE e.id = \(examID) AND \(ownedBy: facultyID)
            """, logger: logger)
        return try rows.first?.decode("title")
    }

    /// How many attempts the analysis leaves out because an essay in them is not graded yet.
    func ungradedAttempts(examID: Int, attempts: StatisticsAttempts, logger: Logger) async throws -> Int {
        try await pool.query(
            """
            SELECT count(*)::bigint AS ungraded FROM attempts a
            WHERE a.exam_id = \(examID) AND a.submitted_at IS NOT NULL AND a.needs_grading AND (\(attempts == .all) OR a.number = 1)
            """, logger: logger
        ).single().decode("ungraded")
    }

    /// The counted attempts of the exam: each student's attempt number 1 once submitted (by the
    /// student or the server), or with `.all` every submitted attempt; never one whose essay
    /// waits to be graded (its score is not final).
    ///
    /// A question's score is its graded points (0 when the attempt left it unanswered), its maximum
    /// the points the attempt gave it; a choice question lists the option ids the answer chose (none:
    /// an empty list). Questions come in the exam's order: its own questions by place, then drawn
    /// questions by their mean place in the attempts that showed them. An option earns credit when
    /// its weight (or, without one, its being right) is above zero; the others are distractors.
    func input(examID: Int, attempts: StatisticsAttempts, logger: Logger) async throws -> ItemAnalysisInput {
        let row = try await pool.query(
            """
            WITH counted AS (
                SELECT a.id, a.max_score FROM attempts a
                WHERE a.exam_id = \(examID) AND a.submitted_at IS NOT NULL AND (\(attempts == .all) OR a.number = 1)
                  AND NOT a.needs_grading
            ),
            shown AS (
                SELECT aq.attempt_id, aq.question_id, aq.points, aq.position
                FROM attempt_questions aq JOIN counted c ON c.id = aq.attempt_id
                JOIN questions dq ON dq.id = aq.question_id AND dq.kind <> 'description'
            ),
            places AS (
                SELECT s.question_id,
                       row_number() OVER (
                           ORDER BY q.exam_id IS DISTINCT FROM \(examID), q.position, avg(s.position), s.question_id) AS place
                FROM shown s JOIN questions q ON q.id = s.question_id
                GROUP BY s.question_id, q.exam_id, q.position
            ),
            responses AS (
                SELECT s.attempt_id,
                       json_agg(json_build_object(
                           'questionId', s.question_id, 'score', coalesce(r.points, 0), 'maxScore', s.points,
                           'chosenOptionIds', CASE WHEN q.kind IN ('single_choice', 'multiple_choice') THEN
                               CASE WHEN jsonb_typeof(an.response -> 'choiceIds') = 'array' THEN an.response -> 'choiceIds'
                                    ELSE '[]'::jsonb END
                           END) ORDER BY p.place) AS responses
                FROM shown s JOIN places p ON p.question_id = s.question_id JOIN questions q ON q.id = s.question_id
                LEFT JOIN attempt_results r ON r.attempt_id = s.attempt_id AND r.question_id = s.question_id
                LEFT JOIN answers an ON an.attempt_id = s.attempt_id AND an.question_id = s.question_id
                GROUP BY s.attempt_id
            )
            SELECT json_build_object(
                'attempts', coalesce((
                    SELECT json_agg(json_build_object('maxScore', c.max_score, 'responses', coalesce(r.responses, '[]'::json))
                                    ORDER BY c.id)
                    FROM counted c LEFT JOIN responses r ON r.attempt_id = c.id), '[]'::json),
                'questions', coalesce((
                    SELECT json_agg(json_build_object(
                        'questionId', q.id, 'kind', q.kind, 'prompt', q.prompt,
                        'options', coalesce((
                            SELECT json_agg(json_build_object(
                                'id', ch.choice_key, 'text', ch.text,
                                'correct', coalesce(ch.weight, CASE WHEN ch.correct THEN 100 ELSE 0 END) > 0) ORDER BY ch.position)
                            FROM choices ch
                            WHERE ch.question_id = q.id AND q.kind IN ('single_choice', 'multiple_choice')), '[]'::json))
                        ORDER BY p.place)
                    FROM places p JOIN questions q ON q.id = p.question_id), '[]'::json)
            )::text AS input
            """, logger: logger
        ).single()
        return try JSONColumn.decode(ItemAnalysisInput.self, from: try row.decode("input"))
    }
}

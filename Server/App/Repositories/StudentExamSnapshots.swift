import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation

/// The one statement that reads what the exam rules (`ExamPrepExams`) decide from: for one
/// student, each selected exam with the student's terms (override, accommodation), whether
/// they are enrolled, and every attempt that counts for them (by their address's key, so an
/// earlier deleted account's too). One row per attempt (or one for an exam without any),
/// grouped here into `StudentExamSnapshot`s. The key is `student_key(id)` in the join itself,
/// a value known before the scan, so that the attempts are found by exam and key together
/// (`attempts_exam_student_key_idx`): taken from a CTE's row, PostgreSQL read every attempt of
/// the exam while its statistics did not know them yet, as at an exam's start.
enum StudentExamSnapshots {
    /// Which exams to read.
    enum Selection: Sendable {
        /// One exam, whatever its state and whether or not the student is enrolled (the rules say).
        case exam(Int)
        /// The published exams of one course the student is enrolled in.
        case course(Int)
        /// A page of the published exams of every course the student is enrolled in, by id.
        case page(PageRequest)
    }

    /// A snapshot with what an exam list shows besides: its size.
    struct Listed: Sendable {
        var snapshot: StudentExamSnapshot
        var instructions: String
        var questionCount: Int
        var maxScore: Double
    }

    static func query(studentID: Int, _ selection: Selection) -> PostgresQuery {
        var examID: Int?
        var courseID: Int?
        var page: PageRequest?
        switch selection {
        case .exam(let id): examID = id
        case .course(let id): courseID = id
        case .page(let request): page = request
        }
        return """
            WITH me AS (SELECT \(studentID)::bigint AS id),
            picked AS (
                SELECT e.id,
                       (SELECT count(*) FROM questions q WHERE q.exam_id = e.id AND q.is_current)
                         + (SELECT coalesce(sum(d.count), 0) FROM exam_draws d WHERE d.exam_id = e.id) AS question_count,
                       (SELECT coalesce(sum(q.points), 0)::float8 FROM questions q WHERE q.exam_id = e.id AND q.is_current)
                         + (SELECT coalesce(sum(d.count * d.points), 0)::float8 FROM exam_draws d WHERE d.exam_id = e.id)
                         AS exam_max_score,
                       EXISTS (SELECT 1 FROM enrollments en WHERE en.course_id = e.course_id AND en.user_id = me.id) AS enrolled
                FROM exams e CROSS JOIN me
                WHERE (\(examID)::bigint IS NULL OR e.id = \(examID))
                  AND (\(examID != nil) OR (e.status = 'published' AND EXISTS (
                        SELECT 1 FROM enrollments en WHERE en.course_id = e.course_id AND en.user_id = me.id)))
                  AND (\(courseID)::bigint IS NULL OR e.course_id = \(courseID))
                  AND e.id > \(page?.after ?? 0)
                ORDER BY e.id
                LIMIT \(page?.fetchLimit)
            )
            SELECT e.id AS exam_id, e.course_id, e.title, e.instructions, c.time_zone, p.question_count, p.exam_max_score, p.enrolled,
                   \(unescaped: StudentTermsColumns.select),
                   a.id AS attempt_id, a.number, a.started_at, a.deadline, a.submitted_at, a.auto_submitted,
                   a.score::float8 AS score, a.max_score::float8 AS attempt_max_score, a.needs_grading,
                   a.student_id IS NOT DISTINCT FROM me.id AS own
            FROM picked p JOIN exams e ON e.id = p.id JOIN courses c ON c.id = e.course_id CROSS JOIN me
            LEFT JOIN exam_overrides o ON o.exam_id = e.id AND o.student_id = me.id
            LEFT JOIN accommodations ac ON ac.course_id = e.course_id AND ac.student_id = me.id
            LEFT JOIN attempts a ON a.exam_id = e.id AND a.student_key = student_key(\(studentID))
            ORDER BY e.id, a.number, a.id
            """
    }

    /// The rows of `query`, one snapshot per exam, in its order.
    static func decode(_ rows: PostgresRows) throws -> [Listed] {
        var listed: [Listed] = []
        for row in rows {
            let examID: Int = try row.decode("exam_id")
            if listed.last?.snapshot.examID != examID {
                let terms = try StudentTermsColumns.terms(row)
                listed.append(
                    Listed(
                        snapshot: StudentExamSnapshot(
                            examID: examID, courseID: try row.decode("course_id"), title: try row.decode("title"),
                            timeZone: try row.decode("time_zone"), terms: terms, enrolled: try row.decode("enrolled")),
                        instructions: try row.decode("instructions"), questionCount: try row.decode("question_count"),
                        maxScore: try row.decode("exam_max_score")))
            }
            guard let attemptID: Int = try row.decode("attempt_id"), let last = listed.indices.last else { continue }
            let exam = listed[last].snapshot.terms.exam
            listed[last].snapshot.attempts.append(
                AttemptRecord(
                    id: attemptID, number: try row.decode("number"),
                    timing: AttemptTiming(
                        startedAt: try row.decode("started_at"), deadline: try row.decode("deadline"), exam: exam,
                        submittedAt: try row.decode("submitted_at"), submittedByServer: try row.decode("auto_submitted")),
                    score: try row.decode("score"), maxScore: try row.decode("attempt_max_score"), ofThisAccount: try row.decode("own"),
                    needsGrading: try row.decode("needs_grading", as: Bool?.self) ?? false))
        }
        return listed
    }
}

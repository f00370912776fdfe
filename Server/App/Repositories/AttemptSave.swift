import Crypto
import ExamPrepExams
import ExamPrepPostgres
import ExamPrepRules
import ExamPrepShared
import Foundation

/// The statements of a save (`PUT /api/students/attempts/{attemptId}/answers`), in the order
/// the server sends them: `lock`, `read`, `store`, inside BEGIN … COMMIT. Built here and
/// nowhere else, so that pgbench's ceiling of a save in `benchmarks/exam-hour`
/// (`examprep-server save-script`, `AttemptSaveScript`) runs the very statements the server
/// sends (`SaveScriptTests` runs it).
enum AttemptSave {
    /// Locks the attempt's course (shared) and then the attempt itself, in that order (the
    /// FROM's).
    static func lock(attemptID: Int, studentID: Int) -> PostgresQuery {
        """
        SELECT a.id FROM courses c JOIN exams e ON e.course_id = c.id JOIN attempts a ON a.exam_id = e.id
        WHERE a.id = \(attemptID) AND a.student_id = \(studentID)
        FOR SHARE OF c FOR UPDATE OF a
        """
    }

    /// The attempt with its rules' inputs (`LoadedAttempt`, its exam's integrity rules
    /// included), and the answer a save with `idempotencyKey` got before, if any. Without
    /// `studentID`, any student's.
    static func read(attemptID: Int, studentID: Int?, idempotencyKey: String?) -> PostgresQuery {
        """
        SELECT a.id, a.exam_id, e.course_id, a.number, a.started_at, a.deadline, a.submitted_at, a.auto_submitted,
               a.extension_minutes, e.title, e.instructions, c.time_zone, \(unescaped: StudentTermsColumns.select),
               a.choice_order::text AS choice_order, a.alias_seed, \(unescaped: AttemptIntegrity.columns),
               EXISTS (SELECT 1 FROM enrollments en WHERE en.course_id = e.course_id AND en.user_id = a.student_id) AS enrolled,
               (SELECT s.response::text FROM attempt_saves s WHERE s.attempt_id = a.id AND s.idempotency_key = \(idempotencyKey))
                   AS remembered_save,
               (SELECT s.request_hash FROM attempt_saves s WHERE s.attempt_id = a.id AND s.idempotency_key = \(idempotencyKey))
                   AS remembered_hash
        FROM attempts a JOIN exams e ON e.id = a.exam_id JOIN courses c ON c.id = e.course_id
        LEFT JOIN exam_overrides o ON o.exam_id = e.id AND o.student_id = a.student_id
        LEFT JOIN accommodations ac ON ac.course_id = e.course_id AND ac.student_id = a.student_id
        WHERE a.id = \(attemptID) AND (\(studentID)::bigint IS NULL OR a.student_id = \(studentID))
        """
    }

    /// What a save with an Idempotency-Key keeps for a repeat of it: the key, and the hash of
    /// what it asked for (`AttemptStatements.requestHash`).
    struct KeyedSave: Sendable {
        var idempotencyKey: String
        var requestHash: String
    }

    /// Writes `answers` (validated already) with their sequences, the attempt's last save and
    /// (with `detail`) its log, in one statement that answers what is stored now for each
    /// question sent and how many questions have an answer. With `keyed`, the same statement
    /// keeps that answer under the save's key, in the attempt's next key slot (the oldest of
    /// `AttemptStatements.keptSaveKeys`, overwritten). The statements inside see the answers as
    /// they were before it: `written` says what it changed, the rest is as it was.
    static func store(_ answers: [AnswerInput], attemptID: Int, now: Date, detail: String?, keyed: KeyedSave? = nil) throws
        -> PostgresQuery
    {
        let responses = try answers.map { answer in
            answer.isEmpty ? "null" : try PlainAnswersJSON.text(answer.response) ?? JSONColumn.encode(answer.response)
        }
        // Arrays carry no NULLs here: -1 is "no sequence", "" is "no client time".
        let sequences = answers.map { $0.sequence ?? -1 }
        let clientTimes = answers.map { $0.savedAt.map { String($0.timeIntervalSince1970) } ?? "" }
        let slots = AttemptStatements.keptSaveKeys
        return """
            WITH given AS (
                SELECT * FROM unnest(\(PostgresArray(answers.map(\.questionId))), \(PostgresArray(responses)),
                                     \(PostgresArray(sequences)), \(PostgresArray(clientTimes)))
                         AS given(question_id, response, sequence, client_time)
            ), written AS (
                INSERT INTO answers AS stored (attempt_id, question_id, response, saved_at, sequence, client_saved_at)
                SELECT \(attemptID), given.question_id, given.response::jsonb, \(now), nullif(given.sequence, -1),
                       to_timestamp(nullif(given.client_time, '')::float8)
                FROM given
                ON CONFLICT (attempt_id, question_id) DO UPDATE SET
                    response = excluded.response, saved_at = excluded.saved_at, sequence = excluded.sequence,
                    client_saved_at = excluded.client_saved_at
                WHERE stored.sequence IS NULL OR excluded.sequence IS NULL OR stored.sequence <= excluded.sequence
                RETURNING question_id, sequence, response
            ), touched AS (
                -- A keyed save takes the next key slot, whether or not it sends answers.
                UPDATE attempts SET
                    last_saved_at = CASE WHEN EXISTS (SELECT 1 FROM given) THEN \(now) ELSE last_saved_at END,
                    save_key_slot = CASE WHEN \(keyed != nil) THEN (save_key_slot + 1) % \(slots) ELSE save_key_slot END
                WHERE id = \(attemptID) AND (EXISTS (SELECT 1 FROM given) OR \(keyed != nil))
                RETURNING (save_key_slot + \(slots - 1)) % \(slots) AS taken_slot
            ), merged AS (
                -- The log: saves within a minute of its last entry, when that is a save too,
                -- share its row (`repeats` counts them; `at` and `detail` are the last one's).
                UPDATE attempt_events SET at = \(now), detail = \(detail), repeats = repeats + 1
                WHERE \(detail != nil) AND id = (SELECT max(id) FROM attempt_events WHERE attempt_id = \(attemptID))
                  AND kind = \(AttemptEventKind.saved.rawValue) AND at > \(now) - interval '1 minute'
                RETURNING id
            ), logged AS (
                INSERT INTO attempt_events (attempt_id, at, kind, detail)
                SELECT \(attemptID), \(now), \(AttemptEventKind.saved.rawValue), \(detail)
                WHERE \(detail != nil) AND NOT EXISTS (SELECT 1 FROM merged)
            ), answered AS (
                SELECT (SELECT count(*) FROM answers an
                        WHERE an.attempt_id = \(attemptID) AND an.response <> 'null'::jsonb
                          AND NOT EXISTS (SELECT 1 FROM written WHERE written.question_id = an.question_id))
                       + (SELECT count(*) FROM written WHERE written.response <> 'null'::jsonb) AS saved,
                       given.question_id,
                       CASE WHEN written.question_id IS NULL THEN before.sequence ELSE written.sequence END AS sequence
                FROM (SELECT 1) AS one
                LEFT JOIN given ON true
                LEFT JOIN written ON written.question_id = given.question_id
                LEFT JOIN answers before ON before.attempt_id = \(attemptID) AND before.question_id = given.question_id
            ), kept AS (
                -- The answer as the client gets it (`SaveAnswersResponse`, without the clock's fields).
                INSERT INTO attempt_saves AS kept (attempt_id, slot, idempotency_key, response, saved_at, request_hash)
                SELECT \(attemptID), touched.taken_slot, \(keyed?.idempotencyKey), jsonb_build_object(
                           'success', true,
                           'saved', (SELECT max(saved) FROM answered),
                           'answers', coalesce(
                               (SELECT jsonb_agg(jsonb_build_object('questionId', question_id, 'sequence', sequence) ORDER BY question_id)
                                FROM answered WHERE question_id IS NOT NULL),
                               '[]'::jsonb)),
                       \(now), \(keyed?.requestHash)
                FROM touched WHERE \(keyed != nil)
                ON CONFLICT (attempt_id, slot) DO UPDATE SET
                    idempotency_key = excluded.idempotency_key, response = excluded.response, saved_at = excluded.saved_at,
                    request_hash = excluded.request_hash
            )
            SELECT saved, question_id, sequence FROM answered ORDER BY question_id
            """
    }
}

extension AttemptStatements {
    /// Only the last `keptSaveKeys` idempotency keys of an attempt are kept: a client retries a
    /// save before it sends the next one. They are kept in slots `0 ..< keptSaveKeys`, taken in
    /// turn (`AttemptSave.store`); migration 032 filled the slots of the keys kept before it for
    /// 20, so a smaller number here would leave the slots above it to linger.
    static let keptSaveKeys = 20

    /// What a save asked for, for comparing a repeat of its idempotency key: the SHA-256 of its
    /// answers as decoded, in the API's JSON with sorted keys (so the same answers always hash
    /// alike, in every version that kept keys). `PlainAnswersJSON` writes those bytes for the
    /// usual save; the encoder writes the rest.
    static func requestHash(_ answers: [AnswerInput]) throws -> String {
        let json = try PlainAnswersJSON.bytes(answers) ?? Array(ExamPrepJSON.makeEncoder().encode(answers))
        return Base64URL.encode(SHA256.hash(data: json))
    }

    /// What a save stored: each answer's question with the sequence stored for it now, and how
    /// many of the attempt's questions have an answer.
    struct StoredAnswers: Sendable {
        var answers: [SavedAnswer]
        var saved: Int
    }

    /// Saves answers. Each keeps its client's sequence: an answer whose sequence is older than
    /// the one stored for its question changes nothing (a retry that arrived late). An empty
    /// answer clears its question (kept as a cleared row, so that its sequence still counts).
    /// Answers that do not fit `questions` as the student sees them (under the attempt's
    /// aliases) are `InvalidInput`; they are stored under the author's ids. With `logging`, the
    /// save goes into the attempt's log as well, so that the log stays readable and bounded
    /// however often a client saves.
    func store(
        _ answers: [AnswerInput], state: LoadedAttempt, questions: [StoredQuestion], now: Date, logging detail: String? = nil
    ) async throws -> StoredAnswers {
        let statement = try storing(answers, state: state, questions: questions, now: now, logging: detail)
        return try Self.storedAnswers(try await transaction.query(statement))
    }

    /// `store`'s statement, for a save that sends it with others; with `keyed`, it keeps its
    /// answer under the save's Idempotency-Key too.
    func storing(
        _ answers: [AnswerInput], state: LoadedAttempt, questions: [StoredQuestion], now: Date, logging detail: String? = nil,
        keyed: AttemptSave.KeyedSave? = nil
    ) throws -> PostgresQuery {
        let aliases = state.aliases
        let byID = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Only the questions answered are shown under their aliases: a save answers one or two
        // of an exam's questions, and working out every question's aliases took a tenth of the
        // server's time per save.
        let answered = Set(answers.map(\.questionId))
        let shown = questions.filter { answered.contains($0.id) }.map(aliases.shown)
        let checked: [AnswerInput]
        do {
            checked = try AnswerValidation.validate(answers, questions: shown)
        } catch {
            // The answer rules' refusal, as the server refuses input (400, or beside a page's question).
            throw InvalidInput(error)
        }
        let valid = checked.map { answer in
            byID[answer.questionId].map { aliases.real(answer, of: $0) } ?? answer
        }
        return try AttemptSave.store(valid, attemptID: state.id, now: now, detail: detail, keyed: keyed)
    }

    /// What `store`'s statement answered.
    static func storedAnswers(_ rows: PostgresRows) throws -> StoredAnswers {
        let saved: Int = try rows.first?.decode("saved") ?? 0
        let stored = try rows.compactMap { row -> SavedAnswer? in
            guard let questionID: Int = try row.decode("question_id") else { return nil }
            return SavedAnswer(questionId: questionID, sequence: try row.decode("sequence"))
        }
        return StoredAnswers(answers: stored, saved: saved)
    }
}

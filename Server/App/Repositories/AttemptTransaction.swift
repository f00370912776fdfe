import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// The statements the attempt operations share, on one transaction.
///
/// Locks are taken in one order everywhere (the course, then the exam or the enrollment,
/// then the attempt), so these transactions never deadlock with each other or with a course
/// being deleted.
struct AttemptTransaction {
    let transaction: Transaction
    /// Where the questions of running attempts are kept between their saves (none: always read).
    var questionCache: AttemptQuestionCache? = nil

    /// What a save stored: each answer's question with the sequence stored for it now, and how
    /// many of the attempt's questions have an answer.
    struct StoredAnswers: Sendable {
        var answers: [SavedAnswer]
        var saved: Int
    }

    var questions: QuestionRepository { QuestionRepository(transaction: transaction) }

    /// Locks the attempt's course (shared) and then the attempt itself, and reads it; nil when
    /// it is not the student's or (with `requireEnrollment`) the student has left the course.
    /// The two locks are one statement, taken in that order (its FROM's); the attempt is read
    /// by the next one, so that it shows what a transaction that held the lock before wrote
    /// (the answer it remembered under `idempotencyKey` too).
    func lock(attemptID: Int, studentID: Int, requireEnrollment: Bool = true, idempotencyKey: String? = nil) async throws
        -> AttemptState?
    {
        let locked = try await transaction.query(
            """
            SELECT a.id FROM courses c JOIN exams e ON e.course_id = c.id JOIN attempts a ON a.exam_id = e.id
            WHERE a.id = \(attemptID) AND a.student_id = \(studentID)
            FOR SHARE OF c FOR UPDATE OF a
            """)
        guard !locked.isEmpty, let state = try await state(attemptID: attemptID, studentID: studentID, idempotencyKey: idempotencyKey)
        else { return nil }
        guard state.studentEnrolled || !requireEnrollment else { return nil }
        return state
    }

    /// The attempt with what decides its rules (the exam's policy, the student's own terms).
    /// Without `studentID`, any student's (the sweep's). With `idempotencyKey`, the answer to
    /// the save that came with it before, if any.
    func state(attemptID: Int, studentID: Int?, idempotencyKey: String? = nil) async throws -> AttemptState? {
        let rows = try await transaction.query(
            """
            SELECT a.id, a.exam_id, e.course_id, a.number, a.started_at, a.deadline, e.closed_at, a.submitted_at, a.auto_submitted,
                   e.title, e.instructions, e.status, \(unescaped: ExamPolicyColumns.select), c.time_zone,
                   exam_over_at(e.id) AS exam_over_at,
                   coalesce(o.time_limit_minutes, e.time_limit_minutes) AS own_limit, e.time_limit_minutes AS exam_limit,
                   ac.time_multiplier::float8 AS multiplier, ac.extra_minutes,
                   a.choice_order::text AS choice_order, a.alias_seed,
                   EXISTS (SELECT 1 FROM enrollments en WHERE en.course_id = e.course_id AND en.user_id = a.student_id) AS enrolled,
                   (SELECT s.response::text FROM attempt_saves s WHERE s.attempt_id = a.id AND s.idempotency_key = \(idempotencyKey))
                       AS remembered_save,
                   (SELECT s.request_hash FROM attempt_saves s WHERE s.attempt_id = a.id AND s.idempotency_key = \(idempotencyKey))
                       AS remembered_hash
            FROM attempts a JOIN exams e ON e.id = a.exam_id JOIN courses c ON c.id = e.course_id
            LEFT JOIN exam_overrides o ON o.exam_id = e.id AND o.student_id = a.student_id
            LEFT JOIN accommodations ac ON ac.course_id = e.course_id AND ac.student_id = a.student_id
            WHERE a.id = \(attemptID) AND (\(studentID)::bigint IS NULL OR a.student_id = \(studentID))
            """)
        guard let row = rows.first else { return nil }
        let ownLimit: Int? = try row.decode("own_limit")
        let examLimit: Int? = try row.decode("exam_limit")
        let limit = StudentTimeLimit.minutes(
            ownLimit, multiplier: try row.decode("multiplier"), extraMinutes: try row.decode("extra_minutes"))
        let choices: String? = try row.decode("choice_order")
        let remembered: String? = try row.decode("remembered_save")
        return AttemptState(
            id: try row.decode("id"), examID: try row.decode("exam_id"), courseID: try row.decode("course_id"),
            number: try row.decode("number"), startedAt: try row.decode("started_at"), deadline: try row.decode("deadline"),
            examClosedAt: try row.decode("closed_at"), submittedAt: try row.decode("submitted_at"),
            autoSubmitted: try row.decode("auto_submitted"), title: try row.decode("title"), instructions: try row.decode("instructions"),
            examStatus: try ExamRepository.status(row), policy: try ExamPolicyColumns.policy(row),
            examOverAt: try row.decode("exam_over_at"),
            timeZone: try row.decode("time_zone"), studentEnrolled: try row.decode("enrolled"),
            rememberedSave: try remembered.map { try JSONColumn.decode(SaveAnswersResponse.self, from: $0) },
            rememberedRequestHash: try row.decode("remembered_hash"), timeLimitMinutes: limit,
            baseTimeLimitMinutes: limit == examLimit ? nil : examLimit,
            choiceOrder: try choices.map { try JSONColumn.decode([String: [String]].self, from: $0) }.map { byText in
                Dictionary(byText.compactMap { key, value in Int(key).map { ($0, value) } }, uniquingKeysWith: { first, _ in first })
            }, aliasSeed: try row.decode("alias_seed"))
    }

    /// The questions the attempt shows, in its order, each with its choices (or options) in
    /// the attempt's order.
    func questions(of state: AttemptState) async throws -> [StoredQuestion] {
        if let kept = questionCache?.questions(attemptID: state.id) { return state.ordered(kept) }
        let drawn = try await questions.questions(drawnFor: state.id)
        guard !drawn.isEmpty else { return state.ordered(try await questions.questions(ofExam: state.examID)) }
        if !state.isSubmitted { questionCache?.keep(drawn, attemptID: state.id) }
        return state.ordered(drawn)
    }

    /// Saves answers. Each keeps its client's sequence: an answer whose sequence is older than
    /// the one stored for its question changes nothing (a retry that arrived late). An empty
    /// answer clears its question (kept as a cleared row, so that its sequence still counts).
    /// Answers that do not fit `questions` as the student sees them (under the attempt's
    /// aliases) are `InvalidInput`; they are stored under the author's ids. With `logging`, the save goes
    /// into the attempt's log as well, so that the log stays readable
    /// and bounded however often a client saves. One statement; returns what is stored now
    /// for each question of `answers`, and how many questions have an answer.
    func store(
        _ answers: [AnswerInput], state: AttemptState, questions: [StoredQuestion], now: Date, logging detail: String? = nil
    ) async throws -> StoredAnswers {
        let aliases = state.aliases
        let byID = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let valid = try AnswerValidation.validate(answers, questions: questions.map(aliases.shown)).map { answer in
            byID[answer.questionId].map { aliases.real(answer, of: $0) } ?? answer
        }
        let responses = try valid.map { $0.isEmpty ? "null" : try JSONColumn.encode($0.response) }
        // Arrays carry no NULLs here: -1 is "no sequence", "" is "no client time".
        let sequences = valid.map { $0.sequence ?? -1 }
        let clientTimes = valid.map { $0.savedAt.map { String($0.timeIntervalSince1970) } ?? "" }
        // The statements below see the answers as they were before it: `written` says what it
        // changed, the rest is as it was.
        let rows = try await transaction.query(
            """
            WITH given AS (
                SELECT * FROM unnest(\(PostgresArray(valid.map(\.questionId))), \(PostgresArray(responses)),
                                     \(PostgresArray(sequences)), \(PostgresArray(clientTimes)))
                         AS given(question_id, response, sequence, client_time)
            ), written AS (
                INSERT INTO answers AS stored (attempt_id, question_id, response, saved_at, sequence, client_saved_at)
                SELECT \(state.id), given.question_id, given.response::jsonb, \(now), nullif(given.sequence, -1),
                       to_timestamp(nullif(given.client_time, '')::float8)
                FROM given
                ON CONFLICT (attempt_id, question_id) DO UPDATE SET
                    response = excluded.response, saved_at = excluded.saved_at, sequence = excluded.sequence,
                    client_saved_at = excluded.client_saved_at
                WHERE stored.sequence IS NULL OR excluded.sequence IS NULL OR stored.sequence <= excluded.sequence
                RETURNING question_id, sequence, response
            ), touched AS (
                UPDATE attempts SET last_saved_at = \(now) WHERE id = \(state.id) AND EXISTS (SELECT 1 FROM given)
            ), merged AS (
                -- The log: saves within a minute of its last entry, when that is a save too,
                -- share its row (`repeats` counts them; `at` and `detail` are the last one's).
                UPDATE attempt_events SET at = \(now), detail = \(detail), repeats = repeats + 1
                WHERE \(detail != nil) AND id = (SELECT max(id) FROM attempt_events WHERE attempt_id = \(state.id))
                  AND kind = \(AttemptEventKind.saved.rawValue) AND at > \(now) - interval '1 minute'
                RETURNING id
            ), logged AS (
                INSERT INTO attempt_events (attempt_id, at, kind, detail)
                SELECT \(state.id), \(now), \(AttemptEventKind.saved.rawValue), \(detail)
                WHERE \(detail != nil) AND NOT EXISTS (SELECT 1 FROM merged)
            )
            SELECT (SELECT count(*) FROM answers an
                    WHERE an.attempt_id = \(state.id) AND an.response <> 'null'::jsonb
                      AND NOT EXISTS (SELECT 1 FROM written WHERE written.question_id = an.question_id))
                   + (SELECT count(*) FROM written WHERE written.response <> 'null'::jsonb) AS saved,
                   given.question_id,
                   CASE WHEN written.question_id IS NULL THEN before.sequence ELSE written.sequence END AS sequence
            FROM (SELECT 1) AS one
            LEFT JOIN given ON true
            LEFT JOIN written ON written.question_id = given.question_id
            LEFT JOIN answers before ON before.attempt_id = \(state.id) AND before.question_id = given.question_id
            ORDER BY given.question_id
            """)
        let saved: Int = try rows.first?.decode("saved") ?? 0
        let stored = try rows.compactMap { row -> SavedAnswer? in
            guard let questionID: Int = try row.decode("question_id") else { return nil }
            return SavedAnswer(questionId: questionID, sequence: try row.decode("sequence"))
        }
        return StoredAnswers(answers: stored, saved: saved)
    }

    /// The answers saved (cleared ones left out), each with the sequence of its save.
    func answers(attemptID: Int) async throws -> [AnswerInput] {
        let rows = try await transaction.query(
            """
            SELECT an.response::text AS response, an.sequence FROM answers an
            LEFT JOIN attempt_questions aq ON aq.attempt_id = an.attempt_id AND aq.question_id = an.question_id
            WHERE an.attempt_id = \(attemptID) AND an.response <> 'null'::jsonb ORDER BY aq.position, an.question_id
            """)
        return try rows.map { row in
            var answer = try JSONColumn.decode(AnswerInput.self, from: try row.decode("response"))
            answer.sequence = try row.decode("sequence")
            return answer
        }
    }

    /// Grades the attempt with its saved answers and records the result and the event
    /// (`auto`: the server submitted it), unless it was graded already (then nil): the UPDATE
    /// only takes an attempt that is still open.
    func grade(_ state: AttemptState, questions: [StoredQuestion], now: Date, auto: Bool = false) async throws -> Grading? {
        let graded = Grader.grade(questions, answers: try await answers(attemptID: state.id))
        let submittedAt = state.submissionTime(at: now)
        let updated = try await transaction.query(
            """
            UPDATE attempts SET submitted_at = \(submittedAt), score = \(graded.score), max_score = \(graded.maxScore),
                auto_submitted = \(auto)
            WHERE id = \(state.id) AND submitted_at IS NULL
            RETURNING id
            """)
        guard !updated.isEmpty else { return nil }
        questionCache?.forget(attemptID: state.id)
        try await storeResults(graded.questions, attemptID: state.id)
        try await record(auto ? .autoSubmitted : .submitted, attemptID: state.id, at: submittedAt)
        return graded
    }

    /// Writes each question's result (a regrade writes them again).
    func storeResults(_ results: [GradedQuestion], attemptID: Int) async throws {
        let right = results.filter(\.correct).map(\.questionId)
        try await transaction.execute(
            """
            INSERT INTO attempt_results (attempt_id, question_id, correct, points, feedback)
            SELECT \(attemptID), r.question_id, r.question_id = ANY(\(PostgresArray(right))), r.points::numeric,
                   nullif(r.feedback, '')
            FROM unnest(\(PostgresArray(results.map(\.questionId))), \(PostgresArray(results.map(\.points.description))),
                        \(PostgresArray(results.map { $0.feedback ?? "" })))
                 AS r(question_id, points, feedback)
            ON CONFLICT (attempt_id, question_id) DO UPDATE SET
                correct = excluded.correct, points = excluded.points, feedback = excluded.feedback
            """)
    }

    /// The grading stored for a submitted attempt.
    func grading(attemptID: Int) async throws -> Grading? {
        let attempt = try await transaction.query(
            "SELECT score::float8 AS score, max_score::float8 AS max_score FROM attempts WHERE id = \(attemptID) AND submitted_at IS NOT NULL"
        )
        guard let row = attempt.first else { return nil }
        let results = try await transaction.query(
            """
            SELECT r.question_id, r.correct, r.points::float8 AS points, r.feedback FROM attempt_results r
            LEFT JOIN attempt_questions aq ON aq.attempt_id = r.attempt_id AND aq.question_id = r.question_id
            WHERE r.attempt_id = \(attemptID) ORDER BY aq.position, r.question_id
            """)
        return Grading(
            score: try row.decode("score"), maxScore: try row.decode("max_score"),
            questions: try results.map {
                GradedQuestion(
                    questionId: try $0.decode("question_id"), correct: try $0.decode("correct"), points: try $0.decode("points"),
                    feedback: try $0.decode("feedback"))
            })
    }

    /// The attempt as its student sees it: no right answers while it runs, its saved answers,
    /// and its result as far as the exam's review options show it now; ids under its aliases.
    func view(_ state: AttemptState, questions: [StoredQuestion], now: Date) async throws -> StudentAttempt {
        let aliases = state.aliases
        let shown = questions.map(aliases.shown)
        var result: AttemptResult?
        if let submittedAt = state.submittedAt, let grading = try await grading(attemptID: state.id) {
            result = ResultReview.result(
                attemptID: state.id, submittedAt: submittedAt, autoSubmitted: state.autoSubmitted, grading: grading, questions: shown,
                showing: state.review(at: now))
        }
        let byID = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let saved = try await answers(attemptID: state.id).map { answer in
            byID[answer.questionId].map { aliases.shown(answer, of: $0) } ?? answer
        }
        return StudentAttempt(
            attemptId: state.id, examId: state.examID, title: state.title, instructions: state.instructions, number: state.number,
            startedAt: state.startedAt, deadline: state.effectiveDeadline, submittedAt: state.submittedAt,
            questions: shown.map(\.studentView), answers: saved, result: result,
            timeLimitMinutes: state.timeLimitMinutes, baseTimeLimitMinutes: state.baseTimeLimitMinutes,
            graceSeconds: state.policy.graceSeconds, timeZone: state.timeZone)
    }

    /// Adds an entry to the attempt's log.
    func record(_ kind: AttemptEventKind, attemptID: Int, at: Date, detail: String? = nil) async throws {
        try await transaction.execute(
            "INSERT INTO attempt_events (attempt_id, at, kind, detail) VALUES (\(attemptID), \(at), \(kind.rawValue), \(detail))")
    }
}

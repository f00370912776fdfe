-- The statements of one save (PUT /api/students/attempts/{id}/answers with an
-- Idempotency-Key), in the order the server runs them, on a random attempt of the exam:
-- benchmarks/exam-hour runs it with pgbench as the ceiling a save cannot beat. The first
-- SELECT only picks the student and a question for pgbench; the server knows them, and keeps
-- the attempt's questions in memory (AttemptQuestionCache). (No colon inside a literal:
-- pgbench would take it for a variable.)
\set aid random(:first, :last)
\set position random(0, 15)
\set key random(1, 1000000000)
SELECT a.student_id AS sid, aq.question_id AS qid FROM attempts a
JOIN attempt_questions aq ON aq.attempt_id = a.id AND aq.position = :position WHERE a.id = :aid \gset
BEGIN;
SELECT a.id FROM courses c JOIN exams e ON e.course_id = c.id JOIN attempts a ON a.exam_id = e.id
WHERE a.id = :aid AND a.student_id = :sid
FOR SHARE OF c FOR UPDATE OF a;
SELECT a.id, a.exam_id, e.course_id, a.number, a.started_at, a.deadline, e.closed_at, a.submitted_at, a.auto_submitted,
       e.title, e.instructions, e.status, c.time_zone, coalesce(o.closes_at, e.closes_at) AS own_closes_at,
       coalesce(o.time_limit_minutes, e.time_limit_minutes) AS own_limit, e.time_limit_minutes AS exam_limit,
       ac.time_multiplier::float8 AS multiplier, ac.extra_minutes, a.choice_order::text AS choice_order,
       EXISTS (SELECT 1 FROM enrollments en WHERE en.course_id = e.course_id AND en.user_id = a.student_id) AS enrolled,
       (SELECT s.response::text FROM attempt_saves s WHERE s.attempt_id = a.id AND s.idempotency_key = 'k' || (:key)::text)
           AS remembered_save
FROM attempts a JOIN exams e ON e.id = a.exam_id JOIN courses c ON c.id = e.course_id
LEFT JOIN exam_overrides o ON o.exam_id = e.id AND o.student_id = a.student_id
LEFT JOIN accommodations ac ON ac.course_id = e.course_id AND ac.student_id = a.student_id
WHERE a.id = :aid AND a.student_id = :sid;
WITH given AS (
    SELECT * FROM unnest(ARRAY[(:qid)::bigint], ARRAY[json_build_object('questionId', (:qid)::bigint, 'value', true)::text],
                         ARRAY[(:key)::bigint], ARRAY['']::text[]) AS given(question_id, response, sequence, client_time)
), written AS (
    INSERT INTO answers AS stored (attempt_id, question_id, response, saved_at, sequence, client_saved_at)
    SELECT (:aid)::bigint, given.question_id, given.response::jsonb, now(), nullif(given.sequence, -1),
           to_timestamp(nullif(given.client_time, '')::float8)
    FROM given
    ON CONFLICT (attempt_id, question_id) DO UPDATE SET
        response = excluded.response, saved_at = excluded.saved_at, sequence = excluded.sequence,
        client_saved_at = excluded.client_saved_at
    WHERE stored.sequence IS NULL OR excluded.sequence IS NULL OR stored.sequence <= excluded.sequence
    RETURNING question_id, sequence, response
), touched AS (
    UPDATE attempts SET last_saved_at = now() WHERE id = :aid AND EXISTS (SELECT 1 FROM given)
), merged AS (
    UPDATE attempt_events SET at = now(), detail = '1 answer', repeats = repeats + 1
    WHERE id = (SELECT max(id) FROM attempt_events WHERE attempt_id = :aid)
      AND kind = 'saved' AND at > now() - interval '1 minute'
    RETURNING id
), logged AS (
    INSERT INTO attempt_events (attempt_id, at, kind, detail)
    SELECT (:aid)::bigint, now(), 'saved', '1 answer' WHERE NOT EXISTS (SELECT 1 FROM merged)
)
SELECT (SELECT count(*) FROM answers an
        WHERE an.attempt_id = :aid AND an.response <> 'null'::jsonb
          AND NOT EXISTS (SELECT 1 FROM written WHERE written.question_id = an.question_id))
       + (SELECT count(*) FROM written WHERE written.response <> 'null'::jsonb) AS saved,
       given.question_id,
       CASE WHEN written.question_id IS NULL THEN before.sequence ELSE written.sequence END AS sequence
FROM (SELECT 1) AS one
LEFT JOIN given ON true
LEFT JOIN written ON written.question_id = given.question_id
LEFT JOIN answers before ON before.attempt_id = :aid AND before.question_id = given.question_id
ORDER BY given.question_id;
WITH kept AS (
    INSERT INTO attempt_saves (attempt_id, idempotency_key, response, saved_at)
    VALUES ((:aid)::bigint, 'k' || (:key)::text || '-' || (:client_id)::text,
            jsonb_build_object('success', true, 'saved', 1, 'answers', jsonb_build_array()), now())
    ON CONFLICT DO NOTHING
)
DELETE FROM attempt_saves WHERE attempt_id = :aid AND idempotency_key NOT IN (
    SELECT idempotency_key FROM attempt_saves WHERE attempt_id = :aid ORDER BY saved_at DESC, idempotency_key LIMIT 19);
END;

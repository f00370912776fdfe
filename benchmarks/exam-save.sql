-- The statements of one save (PUT /api/students/attempts/{id}/answers with an
-- Idempotency-Key), in the order the server runs them, on a random attempt of the exam:
-- benchmarks/exam-hour runs it with pgbench as the ceiling a save cannot beat. (No colon
-- inside a literal: pgbench would take it for a variable.)
\set aid random(:first, :last)
\set position random(0, 15)
\set key random(1, 1000000000)
BEGIN;
SELECT a.student_id AS sid FROM attempts a WHERE a.id = :aid \gset
SELECT c.id FROM courses c JOIN exams e ON e.course_id = c.id JOIN attempts a ON a.exam_id = e.id
WHERE a.id = :aid AND a.student_id = :sid FOR SHARE OF c;
SELECT id FROM attempts WHERE id = :aid FOR UPDATE;
SELECT a.id, a.exam_id, e.course_id AS cid, a.number, a.started_at, a.deadline, e.closed_at, a.submitted_at, a.auto_submitted,
       e.title, e.instructions, e.status, c.time_zone, coalesce(o.closes_at, e.closes_at) AS own_closes_at,
       coalesce(o.time_limit_minutes, e.time_limit_minutes) AS own_limit, e.time_limit_minutes AS exam_limit,
       ac.time_multiplier::float8 AS multiplier, ac.extra_minutes, a.choice_order::text AS choice_order
FROM attempts a JOIN exams e ON e.id = a.exam_id JOIN courses c ON c.id = e.course_id
LEFT JOIN exam_overrides o ON o.exam_id = e.id AND o.student_id = a.student_id
LEFT JOIN accommodations ac ON ac.course_id = e.course_id AND ac.student_id = a.student_id
WHERE a.id = :aid AND a.student_id = :sid \gset
SELECT 1 AS enrolled FROM enrollments WHERE course_id = :cid AND user_id = :sid;
SELECT response::text AS response FROM attempt_saves WHERE attempt_id = :aid AND idempotency_key = 'k' || (:key)::text;
SELECT q.id, q.family_id, q.version, q.kind, q.prompt, q.points, q.correct_value, q.accepted_answers::text AS accepted_answers,
       q.answer_key::text AS answer_key, q.text_format, q.general_feedback, q.name, q.topic, to_json(q.tags)::text AS tags,
       q.practice, aq.points AS slot_points
FROM attempt_questions aq JOIN questions q ON q.id = aq.question_id WHERE aq.attempt_id = :aid ORDER BY aq.position;
SELECT question_id, choice_key, text, correct, weight::float8 AS weight, feedback FROM choices
WHERE question_id IN (SELECT question_id FROM attempt_questions WHERE attempt_id = :aid) ORDER BY question_id, position;
SELECT question_id AS qid FROM attempt_questions WHERE attempt_id = :aid AND position = :position \gset
INSERT INTO answers AS stored (attempt_id, question_id, response, saved_at, sequence, client_saved_at)
SELECT (:aid)::bigint, given.question_id, given.response::jsonb, now(), nullif(given.sequence, -1), to_timestamp(nullif(given.client_time, '')::float8)
FROM unnest(ARRAY[(:qid)::bigint], ARRAY[json_build_object('questionId', (:qid)::bigint, 'value', true)::text], ARRAY[(:key)::bigint], ARRAY['']::text[])
     AS given(question_id, response, sequence, client_time)
ON CONFLICT (attempt_id, question_id) DO UPDATE SET
    response = excluded.response, saved_at = excluded.saved_at, sequence = excluded.sequence, client_saved_at = excluded.client_saved_at
WHERE stored.sequence IS NULL OR excluded.sequence IS NULL OR stored.sequence <= excluded.sequence;
UPDATE attempts SET last_saved_at = now() WHERE id = :aid;
SELECT question_id, sequence FROM answers WHERE attempt_id = :aid AND question_id = ANY(ARRAY[(:qid)::bigint]) ORDER BY question_id;
SELECT count(*) AS saved FROM answers WHERE attempt_id = :aid AND response <> 'null'::jsonb;
UPDATE attempt_events SET at = now(), detail = '1 answer', repeats = repeats + 1
WHERE id = (SELECT max(id) FROM attempt_events WHERE attempt_id = :aid) AND kind = 'saved' AND at > now() - interval '1 minute';
INSERT INTO attempt_saves (attempt_id, idempotency_key, response, saved_at)
VALUES ((:aid)::bigint, 'k' || (:key)::text || '-' || (:client_id)::text, jsonb_build_object('success', true, 'saved', 1, 'answers', jsonb_build_array()), now()) ON CONFLICT DO NOTHING;
DELETE FROM attempt_saves WHERE attempt_id = :aid AND idempotency_key NOT IN (
    SELECT idempotency_key FROM attempt_saves WHERE attempt_id = :aid ORDER BY saved_at DESC, idempotency_key LIMIT 20);
END;

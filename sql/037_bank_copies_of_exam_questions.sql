-- Robustness, round four: an exam's own questions that are copies of bank questions are kept
-- out of its draws and out of practice while it is open.

-- What a student sees of a question besides its prompt: the texts of its choices, or of a
-- matching question's items and options, marked by part and in byte order (not the author's).
CREATE FUNCTION question_face(p_question_id bigint) RETURNS text[]
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT coalesce(array_agg(part.shown ORDER BY part.shown COLLATE "C"), '{}') FROM (
        SELECT 'c:' || c.text AS shown FROM choices c WHERE c.question_id = p_question_id
        UNION ALL
        SELECT 'i:' || (x->>'text') FROM questions q, jsonb_array_elements(coalesce(q.answer_key->'items', '[]'::jsonb)) AS x
        WHERE q.id = p_question_id
        UNION ALL
        SELECT 'o:' || (x->>'text') FROM questions q, jsonb_array_elements(coalesce(q.answer_key->'options', '[]'::jsonb)) AS x
        WHERE q.id = p_question_id
    ) part;
$$;

-- An exam's own (fixed) questions are copies: the exam editor copies the bank questions a
-- teacher picks, and an API client or an exam file writes whole questions, often the bank's.
-- What links a copy to its bank question is what a student sees: the same kind, prompt and
-- `question_face`. These are the bank questions (by family, any version the bank keeps) that
-- are one of the exam's current questions: its draws never take them, and practice does not
-- offer them while the exam is open.
CREATE FUNCTION exam_bank_copies(p_exam_id bigint) RETURNS TABLE (family_id bigint)
LANGUAGE sql STABLE
AS $$
    SELECT DISTINCT b.family_id
    FROM questions f
    JOIN questions b ON b.course_id = f.course_id AND b.exam_id IS NULL AND md5(b.prompt) = md5(f.prompt)
                    AND b.prompt = f.prompt AND b.kind = f.kind
    WHERE f.exam_id = p_exam_id AND f.is_current AND f.kind <> 'description'
      AND question_face(b.id) = question_face(f.id);
$$;

-- A course's bank questions by prompt, for `exam_bank_copies`.
CREATE INDEX questions_bank_prompt_idx ON questions (course_id, md5(prompt)) WHERE exam_id IS NULL;

-- As in 017, with the bank questions an open exam holds as its own questions: practice offered
-- them, with their right answers, while students could still answer them in the exam.
CREATE OR REPLACE FUNCTION questions_in_open_exams(p_course_id bigint, at_time timestamptz) RETURNS TABLE (family_id bigint)
LANGUAGE sql STABLE
AS $$
    WITH open_exams AS (
        SELECT e.id FROM exams e
        WHERE e.course_id = p_course_id AND e.status = 'published' AND exam_open_at(e.id, at_time)
    )
    SELECT q.family_id FROM open_exams o
    JOIN exam_draws d ON d.exam_id = o.id
    JOIN questions q ON q.course_id = p_course_id AND q.exam_id IS NULL AND q.is_current
                    AND topic_within(q.topic, d.topic) AND q.tags @> d.tags
    UNION
    SELECT v.family_id FROM open_exams o
    JOIN attempts a ON a.exam_id = o.id
    JOIN attempt_questions aq ON aq.attempt_id = a.id
    JOIN questions v ON v.id = aq.question_id
    UNION
    SELECT c.family_id FROM open_exams o CROSS JOIN LATERAL exam_bank_copies(o.id) c;
$$;

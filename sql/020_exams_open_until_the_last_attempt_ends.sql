-- An exam counts as open until the last attempt that could still run has ended (issue 35):
-- after `closesAt`, students in their grace period, with an extension, or with an override's
-- later window may still be answering, so neither the review "after close" (right answers by
-- default) nor practice of the exam's questions may begin before they are done.

-- When the exam is over for everyone: the latest of its closing, every override's closing and
-- the end (deadline + grace; extensions and accommodations are in the deadline) of every attempt
-- still running; the moment faculty closed it (which ends its attempts at once). NULL: not until
-- faculty close it (an exam without a closing, or an attempt without an end).
CREATE FUNCTION exam_over_at(p_exam_id bigint) RETURNS timestamptz
LANGUAGE sql STABLE
AS $$
    SELECT CASE
        WHEN e.status = 'closed' THEN e.closed_at
        WHEN e.closes_at IS NULL
          OR EXISTS (SELECT 1 FROM attempts a WHERE a.exam_id = e.id AND a.submitted_at IS NULL AND a.deadline IS NULL)
          THEN NULL
        ELSE greatest(
            e.closes_at,
            (SELECT max(o.closes_at) FROM exam_overrides o WHERE o.exam_id = e.id),
            (SELECT max(a.deadline + make_interval(secs => e.grace_seconds)) FROM attempts a
             WHERE a.exam_id = e.id AND a.submitted_at IS NULL))
    END
    FROM exams e WHERE e.id = p_exam_id;
$$;

-- What a student may see of a submitted attempt of the exam at `at_time`: its "after close"
-- review options once the exam is over for everyone, else its "after submit" ones.
CREATE FUNCTION exam_review_items(p_exam_id bigint, at_time timestamptz) RETURNS text[]
LANGUAGE sql STABLE
AS $$
    SELECT CASE WHEN exam_over_at(e.id) <= at_time THEN e.review_after_close ELSE e.review_after_submit END
    FROM exams e WHERE e.id = p_exam_id;
$$;

-- A published exam is open at `at_time` from the moment anyone may start it (its own opening,
-- or a student's overridden one; none: from its publishing) until it is over for everyone
-- (`exam_over_at`): a gap before an override's later window, a grace period and an extension
-- all count as open.
CREATE OR REPLACE FUNCTION exam_open_at(p_exam_id bigint, at_time timestamptz) RETURNS boolean
LANGUAGE sql STABLE
AS $$
    SELECT EXISTS (
        SELECT 1 FROM exams e
        WHERE e.id = p_exam_id AND e.status = 'published'
          AND (coalesce(e.opens_at, '-infinity') <= at_time
               OR EXISTS (SELECT 1 FROM exam_overrides o WHERE o.exam_id = e.id AND coalesce(o.opens_at, e.opens_at, '-infinity') <= at_time))
          AND NOT coalesce(exam_over_at(e.id) <= at_time, false));
$$;

-- As in 017, with exam results counting once `exam_review_items` shows correctness.
CREATE OR REPLACE FUNCTION student_answer_events(p_student_id bigint, p_course_id bigint, at_time timestamptz)
RETURNS TABLE (family_id bigint, course_id bigint, correct boolean, at timestamptz, source text, exam_id bigint, exam_title text)
LANGUAGE sql STABLE
AS $$
    SELECT v.family_id, e.course_id, r.correct, a.submitted_at, 'exam', e.id, e.title
    FROM attempts a
    JOIN exams e ON e.id = a.exam_id
    JOIN attempt_results r ON r.attempt_id = a.id
    JOIN questions v ON v.id = r.question_id
    WHERE a.student_id = p_student_id AND a.submitted_at IS NOT NULL
      AND (p_course_id IS NULL OR e.course_id = p_course_id)
      AND 'correctness' = ANY (exam_review_items(e.id, at_time))
    UNION ALL
    SELECT pa.family_id, ps.course_id, pa.correct, pa.answered_at, 'practice', NULL, NULL
    FROM practice_answers pa JOIN practice_sessions ps ON ps.id = pa.practice_id
    WHERE pa.student_id = p_student_id AND (p_course_id IS NULL OR ps.course_id = p_course_id);
$$;

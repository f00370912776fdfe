-- Practice and review (issue 27): students practise the bank questions their faculty opened
-- for practice (`questions.practice`, from 016), each answer checked at once and never
-- counted toward grades; every practised question gets a spaced-review schedule per student
-- (FSRS, computed by the server: these tables only keep its state).

-- "The topic is `filter` or below it" ("algebra" takes "algebra" and "algebra/groups", not
-- "algebrax"); a NULL filter takes every question, a NULL topic only a NULL filter. One place
-- for the rule that bank listings, exam draws, publishing checks and practice all use.
CREATE FUNCTION topic_within(topic text, filter text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
    SELECT filter IS NULL OR coalesce(topic = filter OR left(topic, length(filter) + 1) = filter || '/', false);
$$;

-- The end of the day that `at_time` falls on in time zone `zone` (the next local midnight):
-- "due today" in a course is "due before the end of today in the course's time zone".
CREATE FUNCTION day_end(at_time timestamptz, zone text) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
    SELECT (date_trunc('day', at_time AT TIME ZONE zone) + interval '1 day') AT TIME ZONE zone;
$$;

-- A practice session: the questions handed out at its start, in order, each by the version
-- shown (a later edit of the question does not change what this session checks against).
CREATE TABLE practice_sessions (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    student_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    course_id     bigint      NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    topic         text        NULL,
    only_mistakes boolean     NOT NULL DEFAULT false,
    only_due      boolean     NOT NULL DEFAULT false,
    started_at    timestamptz NOT NULL,
    -- When its last answer arrived: the next answer's time is measured from here.
    last_answer_at timestamptz NULL
);

CREATE INDEX practice_sessions_student_idx ON practice_sessions (student_id, course_id);

CREATE TABLE practice_questions (
    practice_id bigint  NOT NULL REFERENCES practice_sessions (id) ON DELETE CASCADE,
    position    integer NOT NULL,
    question_id bigint  NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
    PRIMARY KEY (practice_id, position),
    CONSTRAINT practice_questions_once_key UNIQUE (practice_id, question_id)
);

-- Every practice answer, as checked: what "my mistakes" and a question's history read.
CREATE TABLE practice_answers (
    practice_id bigint       NOT NULL REFERENCES practice_sessions (id) ON DELETE CASCADE,
    question_id bigint       NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
    family_id   bigint       NOT NULL,
    student_id  bigint       NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    response    jsonb        NOT NULL,
    correct     boolean      NOT NULL,
    points      numeric(8,2) NOT NULL,
    -- The answer's time as the server measured it (capped), and the rating it gave.
    seconds     float8       NULL,
    rating      text         NOT NULL,
    answered_at timestamptz  NOT NULL,
    PRIMARY KEY (practice_id, question_id),
    CONSTRAINT practice_answers_rating_check CHECK (rating IN ('again', 'hard', 'good', 'easy'))
);

CREATE INDEX practice_answers_student_idx ON practice_answers (student_id, family_id, answered_at);

-- One student's memory of one question (by family: its versions share a schedule), as FSRS
-- keeps it between reviews.
CREATE TABLE review_schedules (
    student_id  bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    family_id   bigint      NOT NULL,
    course_id   bigint      NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    state       text        NOT NULL,
    step        integer     NULL,
    stability   float8      NOT NULL,
    difficulty  float8      NOT NULL,
    due         timestamptz NOT NULL,
    last_review timestamptz NOT NULL,
    reviews     integer     NOT NULL DEFAULT 1,
    lapses      integer     NOT NULL DEFAULT 0,
    PRIMARY KEY (student_id, family_id),
    CONSTRAINT review_schedules_state_check CHECK (state IN ('learning', 'review', 'relearning'))
);

CREATE INDEX review_schedules_due_idx ON review_schedules (student_id, due);
CREATE INDEX attempt_results_question_idx ON attempt_results (question_id);

-- Whether a published exam is open at `at_time` for anyone: its own window, or a student's
-- override, holds that moment (no window: open while published).
CREATE FUNCTION exam_open_at(p_exam_id bigint, at_time timestamptz) RETURNS boolean
LANGUAGE sql STABLE
AS $$
    SELECT EXISTS (
        SELECT 1 FROM exams e
        WHERE e.id = p_exam_id AND e.status = 'published' AND (
            (coalesce(e.opens_at, '-infinity') <= at_time AND at_time < coalesce(e.closes_at, 'infinity'))
            OR EXISTS (
                SELECT 1 FROM exam_overrides o WHERE o.exam_id = e.id
                  AND coalesce(o.opens_at, e.opens_at, '-infinity') <= at_time
                  AND at_time < coalesce(o.closes_at, e.closes_at, 'infinity'))));
$$;

-- The bank questions (by family) of a course that an exam open at `at_time` could show: one
-- of its draws may take them (topic and tags), or one of its attempts drew them. Such a
-- question is not offered for practice. Set-based, so that a practice session over a bank of
-- thousands of questions reads the open exams once (65 ms for 5,000 questions and 10 open
-- exams of 3 draws each, against 720 ms when asked question by question).
CREATE FUNCTION questions_in_open_exams(p_course_id bigint, at_time timestamptz) RETURNS TABLE (family_id bigint)
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
    JOIN questions v ON v.id = aq.question_id;
$$;

-- The same for every course a student is enrolled in (`p_course_id` NULL), or one of them:
-- what the student's lists of due reviews and mistakes may not offer for practice now.
CREATE FUNCTION student_open_exam_questions(p_student_id bigint, p_course_id bigint, at_time timestamptz)
RETURNS TABLE (family_id bigint)
LANGUAGE sql STABLE
AS $$
    SELECT x.family_id FROM enrollments en CROSS JOIN LATERAL questions_in_open_exams(en.course_id, at_time) x
    WHERE en.user_id = p_student_id AND (p_course_id IS NULL OR en.course_id = p_course_id);
$$;

-- Every checked answer of a student whose correctness the student may see at `at_time`: the
-- results of submitted attempts whose review options show correctness now (after the exam
-- closed for the student, its "after close" options; before, its "after submit" ones), and
-- every practice answer. `p_course_id` NULL: every course.
CREATE FUNCTION student_answer_events(p_student_id bigint, p_course_id bigint, at_time timestamptz)
RETURNS TABLE (family_id bigint, course_id bigint, correct boolean, at timestamptz, source text, exam_id bigint, exam_title text)
LANGUAGE sql STABLE
AS $$
    SELECT v.family_id, e.course_id, r.correct, a.submitted_at, 'exam', e.id, e.title
    FROM attempts a
    JOIN exams e ON e.id = a.exam_id
    JOIN attempt_results r ON r.attempt_id = a.id
    JOIN questions v ON v.id = r.question_id
    LEFT JOIN exam_overrides o ON o.exam_id = e.id AND o.student_id = a.student_id
    WHERE a.student_id = p_student_id AND a.submitted_at IS NOT NULL
      AND (p_course_id IS NULL OR e.course_id = p_course_id)
      AND 'correctness' = ANY (
          CASE WHEN e.status = 'closed' OR coalesce(o.closes_at, e.closes_at) <= at_time
               THEN e.review_after_close ELSE e.review_after_submit END)
    UNION ALL
    SELECT pa.family_id, ps.course_id, pa.correct, pa.answered_at, 'practice', NULL, NULL
    FROM practice_answers pa JOIN practice_sessions ps ON ps.id = pa.practice_id
    WHERE pa.student_id = p_student_id AND (p_course_id IS NULL OR ps.course_id = p_course_id);
$$;

-- A student's mistakes at `at_time`: each question answered wrong (as far as the student may
-- see) and not answered right since, with its latest wrong answer, how often it was wrong, and
-- where the latest wrong answer was given.
CREATE FUNCTION student_mistakes(p_student_id bigint, p_course_id bigint, at_time timestamptz)
RETURNS TABLE (family_id bigint, course_id bigint, last_wrong timestamptz, wrong_count bigint, source text, exam_id bigint,
               exam_title text)
LANGUAGE sql STABLE
AS $$
    WITH events AS (SELECT * FROM student_answer_events(p_student_id, p_course_id, at_time)),
    per_question AS (
        SELECT ev.family_id, ev.course_id,
               max(ev.at) FILTER (WHERE NOT ev.correct) AS last_wrong,
               max(ev.at) FILTER (WHERE ev.correct) AS last_right,
               count(*) FILTER (WHERE NOT ev.correct) AS wrong_count
        FROM events ev GROUP BY ev.family_id, ev.course_id
    )
    SELECT p.family_id, p.course_id, p.last_wrong, p.wrong_count, latest.source, latest.exam_id, latest.exam_title
    FROM per_question p
    CROSS JOIN LATERAL (
        SELECT ev.source, ev.exam_id, ev.exam_title FROM events ev
        WHERE ev.family_id = p.family_id AND NOT ev.correct ORDER BY ev.at DESC LIMIT 1
    ) latest
    WHERE p.last_wrong IS NOT NULL AND (p.last_right IS NULL OR p.last_right < p.last_wrong);
$$;

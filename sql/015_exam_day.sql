-- Exam day: what a school needs to run a real exam.
--
-- * A course has a time zone (IANA), in which its people read deadlines; times stay UTC.
-- * An exam has a policy: how its attempts make a grade, a pause between attempts, shuffled
--   questions and choices, a grace period after the deadline, and what a student may see of
--   a result after submitting and after the exam closes.
-- * Accommodations (per student and course) and overrides (per student and exam) change a
--   student's deadline and attempts; a running attempt can be extended. Every attempt's
--   deadline is worked out by one function, `attempt_deadline`, and stored, so the sweep
--   that submits expired attempts is an index scan; it is worked out again whenever what it
--   depends on changes.
-- * Saves are idempotent and ordered: each answer keeps the client's sequence number, and an
--   older one never overwrites a newer one; a repeated Idempotency-Key gets the first answer.
-- * Every attempt keeps a log of what happened to it.
-- * Scores are fractional (two decimals).

ALTER TABLE courses ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';

ALTER TABLE exams
    ADD COLUMN grading_method text NOT NULL DEFAULT 'highest',
    ADD COLUMN minutes_between_attempts integer NULL,
    ADD COLUMN shuffle_questions boolean NOT NULL DEFAULT false,
    ADD COLUMN shuffle_choices boolean NOT NULL DEFAULT false,
    ADD COLUMN grace_seconds integer NOT NULL DEFAULT 0,
    ADD COLUMN review_after_submit text[] NOT NULL DEFAULT '{score,correctness}',
    ADD COLUMN review_after_close text[] NOT NULL DEFAULT '{score,correctness,answers,feedback}',
    ADD CONSTRAINT exams_grading_method_check CHECK (grading_method IN ('highest', 'average', 'first', 'last')),
    ADD CONSTRAINT exams_minutes_between_check CHECK (minutes_between_attempts IS NULL OR minutes_between_attempts BETWEEN 1 AND 10080),
    ADD CONSTRAINT exams_grace_check CHECK (grace_seconds BETWEEN 0 AND 300);

CREATE TABLE accommodations (
    course_id       bigint       NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    student_id      bigint       NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    time_multiplier numeric(4,2) NOT NULL DEFAULT 1,
    extra_minutes   integer      NOT NULL DEFAULT 0,
    note            text         NULL,
    PRIMARY KEY (course_id, student_id),
    CONSTRAINT accommodations_multiplier_check CHECK (time_multiplier BETWEEN 1 AND 4),
    CONSTRAINT accommodations_extra_check CHECK (extra_minutes BETWEEN 0 AND 1440)
);

CREATE TABLE exam_overrides (
    exam_id            bigint      NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
    student_id         bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    extra_attempts     integer     NOT NULL DEFAULT 0,
    opens_at           timestamptz NULL,
    closes_at          timestamptz NULL,
    time_limit_minutes integer     NULL,
    PRIMARY KEY (exam_id, student_id),
    CONSTRAINT exam_overrides_attempts_check CHECK (extra_attempts BETWEEN 0 AND 100),
    CONSTRAINT exam_overrides_limit_check CHECK (time_limit_minutes IS NULL OR time_limit_minutes BETWEEN 1 AND 10080),
    CONSTRAINT exam_overrides_window_check CHECK (opens_at IS NULL OR closes_at IS NULL OR opens_at < closes_at)
);

ALTER TABLE attempts
    ADD COLUMN extension_minutes integer NOT NULL DEFAULT 0,
    ADD COLUMN auto_submitted boolean NOT NULL DEFAULT false,
    ADD COLUMN last_saved_at timestamptz NULL,
    -- The order the attempt shows each question's choices in (by key), when the exam
    -- shuffles them: kept so that a resumed attempt looks the same (the questions' own order
    -- is attempt_questions', migration 016).
    ADD COLUMN choice_order jsonb NULL,
    ADD CONSTRAINT attempts_extension_check CHECK (extension_minutes BETWEEN 0 AND 10080);

ALTER TABLE attempts ALTER COLUMN score TYPE numeric(10,2), ALTER COLUMN max_score TYPE numeric(10,2);
ALTER TABLE attempt_results ALTER COLUMN points TYPE numeric(10,2);

-- The expired attempts the sweep submits: open ones by deadline.
CREATE INDEX attempts_open_deadline_idx ON attempts (deadline) WHERE submitted_at IS NULL;

ALTER TABLE answers
    ADD COLUMN sequence bigint NULL,
    ADD COLUMN client_saved_at timestamptz NULL;

-- The answer a save with an Idempotency-Key got, for a repeat of it (a client retrying
-- after a lost answer).
CREATE TABLE attempt_saves (
    attempt_id      bigint      NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
    idempotency_key text        NOT NULL,
    response        jsonb       NOT NULL,
    saved_at        timestamptz NOT NULL,
    PRIMARY KEY (attempt_id, idempotency_key)
);

CREATE TABLE attempt_events (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    attempt_id bigint      NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
    at         timestamptz NOT NULL,
    kind       text        NOT NULL,
    detail     text        NULL,
    -- Saves within a minute of each other share one row: how many it stands for.
    repeats    integer     NOT NULL DEFAULT 1,
    CONSTRAINT attempt_events_kind_check CHECK (kind IN ('started', 'saved', 'extended', 'submitted', 'auto_submitted'))
);

CREATE INDEX attempt_events_attempt_idx ON attempt_events (attempt_id, id);

-- When an attempt ends by itself: the start plus the time limit (the student's override, or
-- the exam's), stretched by the student's accommodation in the course (× multiplier, rounded
-- up to a whole minute, + extra minutes); never later than the closing time (the override's, or the exam's); then
-- plus the minutes a faculty member extended the attempt by. NULL: never. (`least` ignores
-- NULLs, so an exam without a limit ends at its closing, and one without either never.)
CREATE FUNCTION attempt_deadline(p_exam_id bigint, p_student_id bigint, p_started_at timestamptz, p_extension bigint)
RETURNS timestamptz
LANGUAGE sql STABLE
AS $$
    SELECT least(
               p_started_at
                   + make_interval(mins => ceil(coalesce(o.time_limit_minutes, e.time_limit_minutes)
                                                * coalesce(ac.time_multiplier, 1))::integer
                                           + coalesce(ac.extra_minutes, 0)),
               coalesce(o.closes_at, e.closes_at))
           + make_interval(mins => p_extension::integer)
    FROM exams e
    LEFT JOIN exam_overrides o ON o.exam_id = e.id AND o.student_id = p_student_id
    LEFT JOIN accommodations ac ON ac.course_id = e.course_id AND ac.student_id = p_student_id
    WHERE e.id = p_exam_id;
$$;

-- Each student's grade at each exam, by the exam's grading method, over submitted attempts:
-- the highest score, the average, the first attempt's or the last one's. `attempt_id` is
-- the attempt the grade comes from (for an average, the last). A deleted account's attempts
-- (no student_id) make a row of their own, by the key of their address.
CREATE VIEW exam_grades AS
SELECT exam_id, student_id, student_key,
       CASE WHEN grading_method = 'average' THEN round(average, 2) ELSE score END AS score,
       max_score, id AS attempt_id, submitted_at, attempts
FROM (
    SELECT a.exam_id, a.student_id, a.student_key, e.grading_method, a.id, a.score, a.max_score, a.submitted_at,
           row_number() OVER (PARTITION BY a.exam_id, a.student_id, a.student_key ORDER BY a.score DESC, a.submitted_at, a.id) AS best,
           row_number() OVER (PARTITION BY a.exam_id, a.student_id, a.student_key ORDER BY a.number, a.id) AS first,
           row_number() OVER (PARTITION BY a.exam_id, a.student_id, a.student_key ORDER BY a.number DESC, a.id DESC) AS last,
           avg(a.score) OVER (PARTITION BY a.exam_id, a.student_id, a.student_key) AS average,
           count(*) OVER (PARTITION BY a.exam_id, a.student_id, a.student_key) AS attempts
    FROM attempts a JOIN exams e ON e.id = a.exam_id
    WHERE a.submitted_at IS NOT NULL
) ranked
WHERE CASE grading_method WHEN 'highest' THEN best = 1 WHEN 'first' THEN first = 1 ELSE last = 1 END;

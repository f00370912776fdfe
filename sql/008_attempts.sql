-- Students' attempts at exams and the answers saved in them.
--
-- The rules that must hold under concurrency are constraints here:
-- - one open attempt per student and exam (attempts_one_open_key, a partial unique index);
-- - attempts are numbered 1, 2, … per student and exam (attempts_exam_student_number_key),
--   so two concurrent starts cannot both take the last allowed attempt;
-- - an attempt is graded once: submitted_at, score and max_score are set together by one
--   UPDATE … WHERE submitted_at IS NULL.
-- Attempts refer to users, not to enrollments: a student removed from a course keeps them.

CREATE TABLE attempts (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    exam_id      bigint      NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
    student_id   bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    number       integer     NOT NULL,
    started_at   timestamptz NOT NULL,
    -- min(started_at + time limit, closes_at) when the attempt started; NULL: none.
    deadline     timestamptz NULL,
    submitted_at timestamptz NULL,
    score        integer     NULL,
    max_score    integer     NULL,
    CONSTRAINT attempts_number_check CHECK (number >= 1),
    CONSTRAINT attempts_exam_student_number_key UNIQUE (exam_id, student_id, number),
    CONSTRAINT attempts_graded_check CHECK (
        (submitted_at IS NULL) = (score IS NULL) AND (score IS NULL) = (max_score IS NULL)),
    CONSTRAINT attempts_score_check CHECK (score IS NULL OR (score >= 0 AND score <= max_score))
);

CREATE UNIQUE INDEX attempts_one_open_key ON attempts (exam_id, student_id) WHERE submitted_at IS NULL;
CREATE INDEX attempts_student_id_idx ON attempts (student_id, id);

CREATE TABLE answers (
    attempt_id     bigint      NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
    question_id    bigint      NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
    -- The student's answer as the API spells it: {"choiceIds": […]}, {"value": true}, {"text": "…"}.
    response       jsonb       NOT NULL,
    saved_at       timestamptz NOT NULL,
    PRIMARY KEY (attempt_id, question_id)
);

-- Per-question results of a graded attempt (one row per question of the exam).
CREATE TABLE attempt_results (
    attempt_id  bigint  NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
    question_id bigint  NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
    correct     boolean NOT NULL,
    points      integer NOT NULL,
    PRIMARY KEY (attempt_id, question_id)
);

-- Exams of a course, their questions and the choices of choice questions. Everything of a
-- course goes with it (ON DELETE CASCADE down the chain).

CREATE TABLE exams (
    id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    course_id          bigint      NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    title              text        NOT NULL,
    instructions       text        NOT NULL DEFAULT '',
    time_limit_minutes integer     NULL,
    opens_at           timestamptz NULL,
    closes_at          timestamptz NULL,
    max_attempts       integer     NOT NULL DEFAULT 1,
    status             text        NOT NULL DEFAULT 'draft',
    -- Set by "close": no attempt of the exam may go on past it.
    closed_at          timestamptz NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT exams_status_check CHECK (status IN ('draft', 'published', 'closed')),
    CONSTRAINT exams_closed_at_check CHECK ((status = 'closed') = (closed_at IS NOT NULL)),
    CONSTRAINT exams_time_limit_check CHECK (time_limit_minutes IS NULL OR time_limit_minutes BETWEEN 1 AND 10080),
    CONSTRAINT exams_max_attempts_check CHECK (max_attempts BETWEEN 1 AND 100),
    CONSTRAINT exams_window_check CHECK (opens_at IS NULL OR closes_at IS NULL OR opens_at < closes_at)
);

CREATE INDEX exams_course_id_idx ON exams (course_id, id);

CREATE TABLE questions (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    exam_id          bigint  NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
    position         integer NOT NULL,
    kind             text    NOT NULL,
    prompt           text    NOT NULL,
    points           integer NOT NULL,
    -- true_false: the right value; short_answer: the accepted answers (a JSON array of
    -- strings). Choice questions keep theirs in choices.correct.
    correct_value    boolean NULL,
    accepted_answers jsonb   NULL,
    CONSTRAINT questions_kind_check CHECK (kind IN ('single_choice', 'multiple_choice', 'true_false', 'short_answer')),
    CONSTRAINT questions_points_check CHECK (points >= 1),
    CONSTRAINT questions_true_false_check CHECK ((kind = 'true_false') = (correct_value IS NOT NULL)),
    CONSTRAINT questions_short_answer_check CHECK (
        (kind = 'short_answer') = (accepted_answers IS NOT NULL AND jsonb_typeof(accepted_answers) = 'array')),
    CONSTRAINT questions_exam_position_key UNIQUE (exam_id, position)
);

CREATE TABLE choices (
    question_id bigint  NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
    -- The author's id of the choice ("a", "b", …), unique within its question.
    choice_key  text    NOT NULL,
    position    integer NOT NULL,
    text        text    NOT NULL,
    correct     boolean NOT NULL,
    PRIMARY KEY (question_id, choice_key),
    CONSTRAINT choices_question_position_key UNIQUE (question_id, position)
);

-- Question banks (issue 25): every question belongs to a course; one without an exam is in
-- the course's bank, with a topic path ("algebra/groups"), tags, and a flag for practice. A
-- question is edited by version: each row is one version, `family_id` names the question
-- (the first version's id), and only the latest version `is_current`. An edit of a question
-- that attempts used makes a new version; the attempts keep the version they saw.
--
-- Exams draw from the bank: `exam_draws` are slots ("5 questions of topic x with tag y"),
-- placed among the exam's own questions. What each attempt shows, drawn or not, is in
-- `attempt_questions`, in its order and with its points, so a resumed attempt shows the same.
--
-- New kinds: numerical and matching, whose answers live in `answer_key` (JSON, with the
-- feedbacks for a right and a wrong answer); choices and short answers may carry weights
-- (percent of the points) and feedback. Scores were made fractional in 015.

ALTER TABLE questions
    ALTER COLUMN exam_id DROP NOT NULL,
    ALTER COLUMN position DROP NOT NULL,
    ADD COLUMN course_id bigint NULL REFERENCES courses (id) ON DELETE CASCADE,
    ADD COLUMN family_id bigint NULL,
    ADD COLUMN version integer NOT NULL DEFAULT 1,
    ADD COLUMN is_current boolean NOT NULL DEFAULT true,
    ADD COLUMN name text NULL,
    ADD COLUMN topic text NULL,
    ADD COLUMN tags text[] NOT NULL DEFAULT '{}',
    ADD COLUMN practice boolean NOT NULL DEFAULT false,
    ADD COLUMN text_format text NOT NULL DEFAULT 'moodle',
    ADD COLUMN general_feedback text NULL,
    ADD COLUMN answer_key jsonb NULL,
    ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();

UPDATE questions q SET course_id = e.course_id, family_id = q.id FROM exams e WHERE e.id = q.exam_id;

ALTER TABLE questions
    ALTER COLUMN course_id SET NOT NULL,
    ALTER COLUMN family_id SET NOT NULL,
    DROP CONSTRAINT questions_kind_check,
    ADD CONSTRAINT questions_kind_check CHECK (
        kind IN ('single_choice', 'multiple_choice', 'true_false', 'short_answer', 'numerical', 'matching')),
    ADD CONSTRAINT questions_answer_key_check CHECK (kind NOT IN ('numerical', 'matching') OR answer_key IS NOT NULL),
    ADD CONSTRAINT questions_placed_check CHECK ((exam_id IS NULL) = (position IS NULL)),
    ADD CONSTRAINT questions_text_format_check CHECK (text_format IN ('moodle', 'html', 'markdown', 'plain')),
    ADD CONSTRAINT questions_version_check CHECK (version >= 1),
    ADD CONSTRAINT questions_family_version_key UNIQUE (family_id, version),
    DROP CONSTRAINT questions_exam_position_key;

-- A question's first version names the question: its family_id is its own id.
CREATE FUNCTION questions_family_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.family_id := coalesce(NEW.family_id, NEW.id);
    RETURN NEW;
END
$$;

CREATE TRIGGER questions_family_default BEFORE INSERT ON questions
    FOR EACH ROW EXECUTE FUNCTION questions_family_default();

-- An exam's current questions hold one place each; earlier versions keep theirs.
CREATE UNIQUE INDEX questions_exam_position_key ON questions (exam_id, position) WHERE is_current AND exam_id IS NOT NULL;
-- The bank of a course, and the current version of a question.
CREATE INDEX questions_bank_idx ON questions (course_id, family_id) WHERE exam_id IS NULL AND is_current;
CREATE UNIQUE INDEX questions_current_key ON questions (family_id) WHERE is_current;

ALTER TABLE choices
    ADD COLUMN weight numeric(8,5) NULL,
    ADD COLUMN feedback text NULL,
    ADD CONSTRAINT choices_weight_check CHECK (weight IS NULL OR weight BETWEEN -100 AND 100);

CREATE TABLE exam_draws (
    exam_id  bigint  NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
    -- Its place among the exam's questions and draws, from 0.
    position integer NOT NULL,
    topic    text    NULL,
    tags     text[]  NOT NULL DEFAULT '{}',
    count    integer NOT NULL,
    -- What each drawn question is worth, whatever its own points.
    points   integer NOT NULL DEFAULT 1,
    PRIMARY KEY (exam_id, position),
    CONSTRAINT exam_draws_count_check CHECK (count BETWEEN 1 AND 200),
    CONSTRAINT exam_draws_points_check CHECK (points BETWEEN 1 AND 1000)
);

CREATE TABLE attempt_questions (
    attempt_id  bigint  NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
    position    integer NOT NULL,
    question_id bigint  NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
    points      integer NOT NULL,
    PRIMARY KEY (attempt_id, position),
    CONSTRAINT attempt_questions_once_key UNIQUE (attempt_id, question_id)
);

CREATE INDEX attempt_questions_question_idx ON attempt_questions (question_id);

-- Attempts from before keep the questions their exam had.
INSERT INTO attempt_questions (attempt_id, position, question_id, points)
SELECT a.id, q.position, q.id, q.points
FROM attempts a JOIN questions q ON q.exam_id = a.exam_id;

ALTER TABLE attempt_results ADD COLUMN feedback text NULL;

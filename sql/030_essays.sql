-- Essays (issue 41): answered in free text and graded by hand. A question may carry notes for
-- whoever grades it (`grader_info`, never shown to students).
--
-- A submitted attempt with an essay is graded at once for everything else; each essay's
-- result row is `pending` (0 points) until a teacher grades it with points and a comment
-- (`comment`, the student's feedback). `attempts.needs_grading` is true while any of its
-- results is pending: grade books, the student's result and statistics read it without
-- looking at the results.
ALTER TABLE questions
    ADD COLUMN grader_info text NULL,
    DROP CONSTRAINT questions_kind_check,
    ADD CONSTRAINT questions_kind_check CHECK (
        kind IN ('single_choice', 'multiple_choice', 'true_false', 'short_answer', 'numerical', 'matching', 'description',
                 'essay')),
    ADD CONSTRAINT questions_grader_info_check CHECK (grader_info IS NULL OR kind = 'essay');

ALTER TABLE attempt_results
    ADD COLUMN pending boolean NOT NULL DEFAULT false,
    ADD COLUMN comment text NULL,
    ADD COLUMN graded_by bigint NULL REFERENCES users (id) ON DELETE SET NULL,
    ADD COLUMN graded_at timestamptz NULL,
    ADD CONSTRAINT attempt_results_pending_check CHECK (NOT pending OR (points = 0 AND graded_at IS NULL));

ALTER TABLE attempts ADD COLUMN needs_grading boolean NOT NULL DEFAULT false;

-- The grading queue of an exam: its attempts' essays, ungraded first.
CREATE INDEX attempt_results_pending_idx ON attempt_results (attempt_id) WHERE pending;

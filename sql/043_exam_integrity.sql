-- Exam integrity (issue 71): an exam's policy says whether the attempt page reports leaving it
-- (`focus_log`), whether an attempt belongs to the one place that started it (`one_session`)
-- and which Safe Exam Browser configuration keys it needs (`seb_config_keys`, NULL: none;
-- checked by `ExamValidation` before they are written: 1–10 keys of 64 hex characters).
ALTER TABLE exams
    ADD COLUMN focus_log       boolean NOT NULL DEFAULT true,
    ADD COLUMN one_session     boolean NOT NULL DEFAULT false,
    ADD COLUMN seb_config_keys text[]  NULL,
    ADD CONSTRAINT exams_seb_config_keys_check CHECK (
        seb_config_keys IS NULL OR cardinality(seb_config_keys) BETWEEN 1 AND 10);

-- The periods a student's attempt page was left and come back to, as its script reported them:
-- evidence for the teacher, not a verdict. At most `IntegrityRepository.maxFocusPeriods` rows
-- per attempt; the rest are only counted in `attempt_focus_counts`.
CREATE TABLE attempt_focus_periods (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    attempt_id  bigint      NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
    left_at     timestamptz NOT NULL,
    back_at     timestamptz NOT NULL,
    received_at timestamptz NOT NULL,
    CONSTRAINT attempt_focus_periods_order_check CHECK (back_at >= left_at)
);
CREATE INDEX attempt_focus_periods_attempt_idx ON attempt_focus_periods (attempt_id, left_at);

-- How many periods an attempt has stored and how many more it reported than were kept; its
-- row is locked while a batch is stored, so concurrent batches stay within the bound.
CREATE TABLE attempt_focus_counts (
    attempt_id bigint  PRIMARY KEY REFERENCES attempts (id) ON DELETE CASCADE,
    stored     integer NOT NULL DEFAULT 0,
    dropped    integer NOT NULL DEFAULT 0
);

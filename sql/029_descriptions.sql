-- Descriptions (issue 41): text shown between an exam's questions, never answered nor scored,
-- so worth 0 points; every other kind is worth at least 1, as before.
ALTER TABLE questions
    DROP CONSTRAINT questions_kind_check,
    ADD CONSTRAINT questions_kind_check CHECK (
        kind IN ('single_choice', 'multiple_choice', 'true_false', 'short_answer', 'numerical', 'matching', 'description')),
    DROP CONSTRAINT questions_points_check,
    ADD CONSTRAINT questions_points_check CHECK (CASE WHEN kind = 'description' THEN points = 0 ELSE points >= 1 END);

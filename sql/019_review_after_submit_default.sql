-- Right after submitting, a student sees the score only by default (issue 35): per-question
-- correctness while others still sit the exam made throwaway accounts an oracle of the right
-- answers. Exams already written keep the options they were saved with.
ALTER TABLE exams ALTER COLUMN review_after_submit SET DEFAULT '{score}';

-- The exam rules moved into one pure Swift target (Server/Exams, issue 36), so that each is
-- written once and unit-tested with a fixed clock:
--
-- * an attempt's deadline (the time limit, stretched by an accommodation, capped by the
--   closing, plus extensions) is worked out by `StudentTerms.deadline` and stored in
--   `attempts.deadline` as before; `attempt_deadline` goes;
-- * a student's grade at an exam by its grading method is chosen by `GradingMethod.grade`
--   from the graded attempts; the `exam_grades` view goes.
DROP VIEW exam_grades;
DROP FUNCTION attempt_deadline(bigint, bigint, timestamptz, bigint);

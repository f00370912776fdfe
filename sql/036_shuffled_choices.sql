-- Robustness, round four: choices shuffled by default.

-- An exam shows each attempt the choices of a question, and a matching question's options, in
-- an order of its own unless its author says otherwise (Moodle's quiz does the same): in the
-- author's order, "the first choice" and "item k with option k" score without reading, and an
-- import in a file's order did just that. Exams that can still be started shuffle from now on:
-- every attempt keeps the order it was given at its start (`attempts.choice_order`; NULL, the
-- author's order, for one started without shuffling), so no attempt already started changes.
-- A closed exam keeps the policy it ran with.
ALTER TABLE exams ALTER COLUMN shuffle_choices SET DEFAULT true;
UPDATE exams SET shuffle_choices = true WHERE status <> 'closed' AND NOT shuffle_choices;

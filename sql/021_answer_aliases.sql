-- The ids students see for choices, items and options are aliases (issue 35): ten letters of
-- a hash of a seed, the question and the author's id, so that ids an author wrote in the order
-- of the key ("a" right, then "b", …) tell a student nothing. The seeds never leave the server.
--
-- Attempts and practice sessions get a seed of their own when they start. Those from before
-- this migration keep none, and show the author's ids as they did: an answer a client queued
-- before the change still saves. Each student has a seed too, for the lists of mistakes and
-- due reviews (a new column on a table of accounts, filled at once).
ALTER TABLE attempts ADD COLUMN alias_seed uuid NULL;
ALTER TABLE attempts ALTER COLUMN alias_seed SET DEFAULT gen_random_uuid();

ALTER TABLE practice_sessions ADD COLUMN alias_seed uuid NULL;
ALTER TABLE practice_sessions ALTER COLUMN alias_seed SET DEFAULT gen_random_uuid();

ALTER TABLE users ADD COLUMN alias_seed uuid NOT NULL DEFAULT gen_random_uuid();

-- A save's Idempotency-Key is remembered with what the save asked for (a SHA-256 of its
-- answers, as decoded): the same key with other answers is a client's bug, answered 422 instead
-- of replaying the first answer as if the new answers had been saved. Keys remembered before
-- this migration have no hash and replay as before.
ALTER TABLE attempt_saves ADD COLUMN request_hash text NULL;

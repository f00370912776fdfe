-- An attempt keeps the Idempotency-Keys of its last 20 saves in 20 slots (0 to 19) taken in
-- turn: attempts.save_key_slot is the slot the next key takes, and a save with a key
-- overwrites what that slot held (the oldest key). Before, each save deleted every key past
-- the 20th, which read all of the attempt's kept keys, scattered over as many pages, twice:
-- a fifth of PostgreSQL's work per save.
--
-- The slot may be NULL: a replica still on the earlier version (a rolling restart) keeps
-- inserting keys without one and deleting past the 20th, which stays correct beside this.
ALTER TABLE attempts ADD COLUMN save_key_slot smallint NOT NULL DEFAULT 0;
ALTER TABLE attempt_saves ADD COLUMN slot smallint NULL;

-- The keys kept now (never more than 20; were there more, the newest 20) fill the slots from
-- the oldest; the next save takes the slot after them (the oldest's once all 20 are in use).
DELETE FROM attempt_saves s
USING (SELECT attempt_id, idempotency_key,
              row_number() OVER (PARTITION BY attempt_id ORDER BY saved_at DESC, idempotency_key) AS newest
       FROM attempt_saves) AS numbered
WHERE s.attempt_id = numbered.attempt_id AND s.idempotency_key = numbered.idempotency_key AND numbered.newest > 20;
UPDATE attempt_saves s SET slot = numbered.slot
FROM (SELECT attempt_id, idempotency_key,
             row_number() OVER (PARTITION BY attempt_id ORDER BY saved_at, idempotency_key DESC) - 1 AS slot
      FROM attempt_saves) AS numbered
WHERE s.attempt_id = numbered.attempt_id AND s.idempotency_key = numbered.idempotency_key;
UPDATE attempts a SET save_key_slot = kept.keys % 20
FROM (SELECT attempt_id, count(*) AS keys FROM attempt_saves GROUP BY attempt_id) AS kept
WHERE a.id = kept.attempt_id;

CREATE UNIQUE INDEX attempt_saves_slot_key ON attempt_saves (attempt_id, slot);

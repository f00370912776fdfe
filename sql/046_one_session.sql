-- One place per attempt (issue 71, `exams.one_session`): the place an attempt belongs to (a
-- random token the attempt page or the app made when it started or moved it here; NULL: any
-- place, as every attempt of an exam without the rule), since when, and how often it moved.
-- A move is kept in the attempt's log (`moved`); at most `OneSessionRepository.maxMoves` moves an
-- attempt, so a script cannot grow the log without bound.
ALTER TABLE attempts
    ADD COLUMN place       text        NULL,
    ADD COLUMN place_since timestamptz NULL,
    ADD COLUMN place_moves integer     NOT NULL DEFAULT 0,
    ADD CONSTRAINT attempts_place_check CHECK (place IS NULL OR length(place) BETWEEN 16 AND 128);

ALTER TABLE attempt_events DROP CONSTRAINT attempt_events_kind_check;
ALTER TABLE attempt_events ADD CONSTRAINT attempt_events_kind_check
    CHECK (kind IN ('started', 'saved', 'extended', 'submitted', 'auto_submitted', 'flagged', 'unflagged', 'moved'));

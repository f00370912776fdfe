-- The browser (issue 37).
--
-- A browser's session is a row of `sessions`, like an app's: GET /api/me/sessions lists it, and
-- every way a session ends (logout everywhere, a password change, the session list, the
-- account's deletion) ends it too. Its cookie holds an opaque random token; only the token's
-- SHA-256 is kept, here. An app's session has none (it has refresh tokens instead).
ALTER TABLE sessions
    ADD COLUMN web_token_hash bytea NULL,
    ADD CONSTRAINT sessions_web_token_hash_length_check CHECK (web_token_hash IS NULL OR octet_length(web_token_hash) = 32);
CREATE UNIQUE INDEX sessions_web_token_hash_key ON sessions (web_token_hash) WHERE web_token_hash IS NOT NULL;

-- Questions a student flagged for review in a running attempt (the navigation panel and the
-- summary show them; faculty see how many in the list of attempts).
CREATE TABLE attempt_flags (
    attempt_id  bigint      NOT NULL REFERENCES attempts (id) ON DELETE CASCADE,
    question_id bigint      NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
    flagged_at  timestamptz NOT NULL,
    PRIMARY KEY (attempt_id, question_id)
);

-- Flagging and unflagging are kept in the attempt's log.
ALTER TABLE attempt_events DROP CONSTRAINT attempt_events_kind_check;
ALTER TABLE attempt_events ADD CONSTRAINT attempt_events_kind_check
    CHECK (kind IN ('started', 'saved', 'extended', 'submitted', 'auto_submitted', 'flagged', 'unflagged'));

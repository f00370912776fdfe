-- One-time sign-in links (issue 38): `examprep open` and an app ask for a link that signs one
-- browser in as the same person, once, within a minute. Only the token's SHA-256 is kept. A link
-- belongs to the session that asked for it: once that session ends (sign-out, a password change,
-- the account deleted), its links stop working too.
CREATE TABLE sign_in_links (
    token_hash bytea       PRIMARY KEY CHECK (octet_length(token_hash) = 32),
    session_id uuid        NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz NULL
);

-- Housekeeping deletes the links that can no longer be used.
CREATE INDEX sign_in_links_expires_at_idx ON sign_in_links (expires_at);
CREATE INDEX sign_in_links_session_id_idx ON sign_in_links (session_id);

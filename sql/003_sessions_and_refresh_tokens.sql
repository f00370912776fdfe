-- Login sessions and their single-use refresh tokens.

CREATE TABLE sessions (
    id           uuid PRIMARY KEY,
    user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    revoked_at   timestamptz NULL,
    user_agent   text        NULL
);

-- "Log out everywhere" revokes every session of one user.
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE refresh_tokens (
    -- SHA-256 of the opaque token; the token itself is never stored.
    token_hash bytea       PRIMARY KEY,
    session_id uuid        NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    issued_at  timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    -- Set once, when the token is exchanged (UPDATE ... WHERE used_at IS NULL), so two
    -- concurrent refreshes with one token cannot both succeed.
    used_at    timestamptz NULL,
    CONSTRAINT refresh_tokens_token_hash_length_check CHECK (octet_length(token_hash) = 32)
);

CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id);

-- A school's accounts (issue 40): the admin role, accounts that can be disabled, invitations
-- for faculty and admins, one-time password reset links, and the log of what admins did.

INSERT INTO roles (id, name) VALUES (3, 'admin');

-- A disabled account cannot sign in; disabling it also revokes every one of its sessions
-- (which the sessions_ended trigger announces to every replica).
ALTER TABLE users ADD COLUMN disabled_at timestamptz NULL;

-- An invitation to an account of a role that cannot register itself. The link carries a
-- random token; only its SHA-256 is kept. Single use (accepted_at), revocable (revoked_at),
-- valid until expires_at.
CREATE TABLE invitations (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    token_hash       bytea       NOT NULL,
    email            text        NOT NULL,
    email_key        text        NOT NULL,
    role_id          smallint    NOT NULL REFERENCES roles (id),
    invited_by       bigint      NULL REFERENCES users (id) ON DELETE SET NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    expires_at       timestamptz NOT NULL,
    accepted_at      timestamptz NULL,
    accepted_user_id bigint      NULL REFERENCES users (id) ON DELETE SET NULL,
    revoked_at       timestamptz NULL,
    CONSTRAINT invitations_token_hash_length_check CHECK (octet_length(token_hash) = 32),
    CONSTRAINT invitations_role_check CHECK (role_id IN (1, 3))
);
CREATE UNIQUE INDEX invitations_token_hash_key ON invitations (token_hash);
CREATE INDEX invitations_email_key_idx ON invitations (email_key);

-- A one-time link that sets a new password (made by an admin, a teacher for an enrolled
-- student, or mailed on request). Only the token's SHA-256 is kept.
CREATE TABLE password_reset_tokens (
    token_hash bytea       PRIMARY KEY,
    user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_by bigint      NULL REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at    timestamptz NULL,
    CONSTRAINT password_reset_tokens_token_hash_length_check CHECK (octet_length(token_hash) = 32)
);
CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id);

-- Every admin action: who (kept as an address too, so the row outlives the account), what,
-- whom, when and from which client address.
CREATE TABLE admin_audit (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at             timestamptz NOT NULL DEFAULT now(),
    actor_id       bigint      NULL REFERENCES users (id) ON DELETE SET NULL,
    actor_email    text        NOT NULL,
    action         text        NOT NULL,
    target_user_id bigint      NULL REFERENCES users (id) ON DELETE SET NULL,
    target_email   text        NULL,
    client_address text        NOT NULL,
    CONSTRAINT admin_audit_action_check CHECK (action IN (
        'invited', 'revoked_invitation', 'disabled', 'enabled', 'made_reset_link'))
);

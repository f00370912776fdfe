-- Sign-in with the school's accounts (OpenID Connect).
--
-- An account's school identities: the provider's issuer and its subject (`sub`), never its
-- address, name the person. At most one identity of an issuer per account; an admin unlinks it
-- (the next sign-in then links again, by the rules of `SchoolIdentityStatements`).
CREATE TABLE school_identities (
    issuer       text        NOT NULL,
    subject      text        NOT NULL,
    user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The verified address the provider gave when the identity was linked (for the admin page).
    email        text        NOT NULL,
    linked_at    timestamptz NOT NULL,
    last_used_at timestamptz NOT NULL,
    PRIMARY KEY (issuer, subject),
    CONSTRAINT school_identities_issuer_length_check CHECK (char_length(issuer) BETWEEN 1 AND 500),
    CONSTRAINT school_identities_subject_length_check CHECK (char_length(subject) BETWEEN 1 AND 255),
    CONSTRAINT school_identities_email_length_check CHECK (char_length(email) BETWEEN 1 AND 254)
);
CREATE UNIQUE INDEX school_identities_user_issuer_key ON school_identities (user_id, issuer);

-- A sign-in on its way through the provider: created by GET /auth/oidc/start, spent once by
-- the callback within ten minutes. Kept under the SHA-256 of its `state`, and bound to the
-- browser that started it by the SHA-256 of a cookie of its own (not the session cookie).
-- After the callback, a sign-in that waits for its owner's password (linking an account that
-- has one) is kept again under a new token, with the identity the provider vouched for.
CREATE TABLE school_sign_ins (
    token_hash    bytea       PRIMARY KEY CHECK (octet_length(token_hash) = 32),
    browser_hash  bytea       NOT NULL CHECK (octet_length(browser_hash) = 32),
    nonce         text        NULL,
    code_verifier text        NULL,
    next_path     text        NULL,
    -- Set while the sign-in waits for the account's password.
    issuer        text        NULL,
    subject       text        NULL,
    email         text        NULL,
    user_id       bigint      NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at    timestamptz NOT NULL,
    expires_at    timestamptz NOT NULL
);
CREATE INDEX school_sign_ins_expires_at_idx ON school_sign_ins (expires_at);

-- `examprep login --browser` (RFC 8252): the app's request (its loopback redirect_uri, PKCE
-- challenge and state) waits for the browser's sign-in under the SHA-256 of a token bound to
-- that browser; once signed in, it becomes a one-time code for the app, spent by
-- POST /api/auth/app/token with the PKCE verifier within a minute.
CREATE TABLE app_sign_ins (
    token_hash     bytea       PRIMARY KEY CHECK (octet_length(token_hash) = 32),
    browser_hash   bytea       NULL CHECK (octet_length(browser_hash) = 32),
    redirect_uri   text        NOT NULL CHECK (char_length(redirect_uri) BETWEEN 1 AND 200),
    code_challenge text        NOT NULL CHECK (char_length(code_challenge) = 43),
    client_state   text        NOT NULL CHECK (char_length(client_state) BETWEEN 1 AND 200),
    -- Set when the browser has signed in: the request is then a code for this person.
    user_id        bigint      NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at     timestamptz NOT NULL,
    expires_at     timestamptz NOT NULL
);
CREATE INDEX app_sign_ins_expires_at_idx ON app_sign_ins (expires_at);

-- An admin unlinking a school identity is audited.
ALTER TABLE admin_audit
    DROP CONSTRAINT admin_audit_action_check,
    ADD CONSTRAINT admin_audit_action_check CHECK (action IN (
        'invited', 'revoked_invitation', 'disabled', 'enabled', 'made_reset_link', 'imported_class_list',
        'unlinked_school_account'));

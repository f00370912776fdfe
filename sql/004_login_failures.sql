-- Failed logins, counted per address and per client to slow down password guessing.

CREATE TABLE login_failures (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email_lower    text        NOT NULL,
    client_address text        NOT NULL,
    failed_at      timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX login_failures_email_failed_at_idx ON login_failures (email_lower, failed_at);
CREATE INDEX login_failures_client_failed_at_idx ON login_failures (client_address, failed_at);

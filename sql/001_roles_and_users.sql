-- Roles (mirrored by the Role enum in Shared/) and user accounts.

CREATE TABLE roles (
    id   smallint PRIMARY KEY,
    name text NOT NULL,
    CONSTRAINT roles_name_key UNIQUE (name)
);

INSERT INTO roles (id, name) VALUES
    (1, 'faculty'),
    (2, 'student');

CREATE TABLE users (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email         text        NOT NULL,
    password_hash text        NOT NULL,
    role_id       smallint    NOT NULL REFERENCES roles (id),
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- One account per address, whatever its case: two concurrent registrations of
-- "A@x.com" and "a@x.com" cannot both succeed.
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

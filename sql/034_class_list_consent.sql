-- A class list never takes over an account that exists (issue 62).
--
-- Who made an account by a class list: only that teacher may give it a password reset link,
-- and only while the account never had a password of its own ('!', which no password matches).
ALTER TABLE users ADD COLUMN created_by bigint NULL REFERENCES users (id) ON DELETE SET NULL;

-- The accounts class lists made before: the teacher or admin of their first link, where it is
-- still kept (links are deleted a day after they expire) and the account never chose a password.
UPDATE users u SET created_by = first_link.created_by
FROM (
    SELECT DISTINCT ON (user_id) user_id, created_by
    FROM password_reset_tokens WHERE created_by IS NOT NULL
    ORDER BY user_id, created_at
) first_link
WHERE first_link.user_id = u.id AND u.password_hash = '!';

-- The new accounts a teacher's class lists made in the last day (their daily cap).
CREATE INDEX users_created_by_idx ON users (created_by, created_at) WHERE created_by IS NOT NULL;

-- An account that exists is invited into the course by a class list; its owner accepts (the
-- enrollment) or declines (the row goes). A staff account's invitation can never be accepted.
CREATE TABLE course_invitations (
    course_id  bigint      NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    invited_by bigint      NULL REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (course_id, user_id)
);
CREATE INDEX course_invitations_user_id_idx ON course_invitations (user_id);

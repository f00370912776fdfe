-- An attempt outlives its student's account. Deleting an account and registering the same
-- address again must not give back an attempt that was used (with per-question results,
-- that would be an answer oracle), so every attempt keeps a key of its student's address,
-- a SHA-256 of the email key (the address itself is gone with the account), and attempts
-- are counted by that key. The account's row may go: student_id becomes NULL and the
-- grade book shows "deleted account".

-- The key of a user's address (the email key, else the lowered address of an account from
-- before email keys).
CREATE FUNCTION student_key(user_id bigint) RETURNS bytea
LANGUAGE sql STABLE
AS $$
    SELECT sha256(convert_to(coalesce(email_key, lower(email)), 'UTF8')) FROM users WHERE id = user_id;
$$;

ALTER TABLE attempts ADD COLUMN student_key bytea;
UPDATE attempts SET student_key = student_key(student_id);
ALTER TABLE attempts ALTER COLUMN student_key SET NOT NULL;

ALTER TABLE attempts ALTER COLUMN student_id DROP NOT NULL;
ALTER TABLE attempts DROP CONSTRAINT attempts_student_id_fkey;
ALTER TABLE attempts ADD CONSTRAINT attempts_student_id_fkey
    FOREIGN KEY (student_id) REFERENCES users (id) ON DELETE SET NULL;

CREATE INDEX attempts_exam_student_key_idx ON attempts (exam_id, student_key);

-- Where an account came from, so that the import of the first version never hands a
-- first-version user's courses, rosters and grades to someone who registered the same
-- address on this server first (issue: "the import hands a user's data to whoever
-- registered that email first").
--   'registered'  made by POST /api/register (the default from now on);
--   'imported'    made by `examprep-server import-v1`;
--   'unknown'     made before this migration: an earlier import or a registration. The
--                 import treats such an account as its own only where its id is the
--                 first-version user's id (imports keep ids; registrations rarely match).
ALTER TABLE users ADD COLUMN origin text;
UPDATE users SET origin = 'unknown';
ALTER TABLE users
    ALTER COLUMN origin SET DEFAULT 'registered',
    ALTER COLUMN origin SET NOT NULL,
    ADD CONSTRAINT users_origin_check CHECK (origin IN ('registered', 'imported', 'unknown'));

-- Course codes of the first version, reserved by the import for the first-version course
-- that had them, so that nobody can create or rotate into one of them on this server
-- between two runs of the import (its students still type the old code).
CREATE TABLE reserved_course_codes (
    course_code              text   PRIMARY KEY,
    first_version_course_id  bigint NOT NULL
);

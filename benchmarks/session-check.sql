-- The session check GET /api/faculty/courses sends when it does not remember the session
-- (pgbench -D sid=... -D uid=...). The ceiling runs it and course-list.sql as one
-- transaction: the route's two statements.
SELECT expires_at FROM sessions WHERE id = :sid AND user_id = :uid AND revoked_at IS NULL AND expires_at > now();

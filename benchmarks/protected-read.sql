-- What GET /api/faculty/courses asks PostgreSQL for: the session check and the course list,
-- as the server sends them (pgbench -D sid=... -D uid=...).
SELECT expires_at FROM sessions WHERE id = :sid AND user_id = :uid AND revoked_at IS NULL AND expires_at > now();
SELECT c.id, c.name, c.description, c.course_code, c.user_id, count(e.id) AS enrollment_count
FROM courses c LEFT JOIN enrollments e ON e.course_id = c.id
WHERE c.user_id = :uid AND c.id > 0
GROUP BY c.id
ORDER BY c.id
LIMIT 51;

-- The course list GET /api/faculty/courses sends on every request (pgbench -D uid=...).
SELECT c.id, c.name, c.description, c.course_code, c.user_id, count(e.id) AS enrollment_count
FROM courses c LEFT JOIN enrollments e ON e.course_id = c.id
WHERE c.user_id = :uid AND c.id > 0
GROUP BY c.id
ORDER BY c.id
LIMIT 51;

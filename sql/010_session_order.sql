-- A stable order for listing a user's sessions page by page (GET /api/me/sessions): the
-- order in which they were opened. Existing sessions are numbered as the column is added.
ALTER TABLE sessions ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
CREATE UNIQUE INDEX sessions_user_seq_idx ON sessions (user_id, seq);

-- Pictures in questions (issue 68): stored in the database, so replicas and a failover keep
-- them. A picture's bytes are stored once, named by their SHA-256, however many courses use
-- them; each course's use of a picture is a row of its own, whose id is the picture's id in
-- that course (`/media/{id}`).
CREATE TABLE media_blobs (
    sha256       bytea       PRIMARY KEY,
    content_type text        NOT NULL,
    width        integer     NOT NULL,
    height       integer     NOT NULL,
    byte_count   integer     NOT NULL,
    bytes        bytea       NOT NULL,
    created_at   timestamptz NOT NULL,
    CONSTRAINT media_blobs_sha256_check CHECK (octet_length(sha256) = 32),
    CONSTRAINT media_blobs_type_check CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
    CONSTRAINT media_blobs_size_check CHECK (width BETWEEN 1 AND 8000 AND height BETWEEN 1 AND 8000),
    CONSTRAINT media_blobs_bytes_check CHECK (byte_count = octet_length(bytes) AND byte_count BETWEEN 1 AND 2097152)
);

-- A course's pictures: the same bytes uploaded twice to a course are one row (one id); the
-- course's quota counts the bytes of its rows.
CREATE TABLE course_media (
    id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    course_id   bigint      NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    sha256      bytea       NOT NULL REFERENCES media_blobs (sha256),
    uploaded_by bigint      NULL REFERENCES users (id) ON DELETE SET NULL,
    uploaded_at timestamptz NOT NULL,
    CONSTRAINT course_media_course_sha256_key UNIQUE (course_id, sha256)
);
CREATE INDEX course_media_sha256_idx ON course_media (sha256);

-- A question's pictures: the prompt's and each choice's by its key, each `{mediaId, alt}`
-- (`{"question": {…}, "choices": {"a": {…}}}`); NULL: none. Checked to be the course's
-- pictures when the question is written.
ALTER TABLE questions ADD COLUMN images jsonb NULL;

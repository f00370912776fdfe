-- Courses owned by faculty members, and students' enrollments in them.

CREATE TABLE courses (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        text        NOT NULL,
    description text        NOT NULL,
    course_code text        NOT NULL,
    user_id     bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT courses_course_code_check CHECK (course_code ~ '^[A-Z]{4}$'),
    -- Codes are unique across all courses: a code collision on insert is retried by the server.
    CONSTRAINT courses_course_code_key UNIQUE (course_code)
);

-- A faculty member cannot have two courses of the same name (case-insensitive).
-- Its leading column also serves "the courses of this faculty member".
CREATE UNIQUE INDEX courses_user_name_lower_key ON courses (user_id, lower(name));

CREATE TABLE enrollments (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id         bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    course_id       bigint      NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    enrollment_date timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT enrollments_user_course_key UNIQUE (user_id, course_id)
);

-- Enrollment counts per course (the unique constraint above leads with user_id).
CREATE INDEX enrollments_course_id_idx ON enrollments (course_id);

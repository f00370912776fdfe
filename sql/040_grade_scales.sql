-- Grade scales (issue 70): a course's scale turns a score into the school's grade at read
-- time; no grade is stored, so changing the scale regrades nothing.
--
-- A course's scale: its bands (`[{"minPercent": 0, "grade": "1"}, …]`, checked by
-- `GradeScale.checked` before they are written) and the preset they came from, if any. No row:
-- the course shows percentages only.
CREATE TABLE course_grade_scales (
    course_id  bigint      PRIMARY KEY REFERENCES courses (id) ON DELETE CASCADE,
    preset     text        NULL,
    bands      jsonb       NOT NULL,
    updated_at timestamptz NOT NULL,
    updated_by bigint      NULL REFERENCES users (id) ON DELETE SET NULL,
    CONSTRAINT course_grade_scales_preset_check CHECK (preset IN ('pl-school', 'pl-school-signs', 'pl-university', 'letters')),
    CONSTRAINT course_grade_scales_bands_check CHECK (jsonb_typeof(bands) = 'array' AND jsonb_array_length(bands) BETWEEN 1 AND 30)
);

-- Every change of a course's scale, kept with the course: who set which scale when, or cleared
-- it (`bands` NULL).
CREATE TABLE course_grade_scale_changes (
    id         bigserial   PRIMARY KEY,
    course_id  bigint      NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
    changed_by bigint      NULL REFERENCES users (id) ON DELETE SET NULL,
    changed_at timestamptz NOT NULL,
    preset     text        NULL,
    bands      jsonb       NULL
);
CREATE INDEX course_grade_scale_changes_course_idx ON course_grade_scale_changes (course_id, id);

-- An accommodation may lower one student's thresholds by 0–50 percentage points.
ALTER TABLE accommodations
    ADD COLUMN grade_threshold_offset_percent smallint NOT NULL DEFAULT 0,
    ADD CONSTRAINT accommodations_grade_offset_check CHECK (grade_threshold_offset_percent BETWEEN 0 AND 50);

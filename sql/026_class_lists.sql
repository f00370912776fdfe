-- Class lists (issue 44): a student's name and student number as a teacher's class list gave
-- them. Both optional: accounts that registered themselves have neither.
ALTER TABLE users
    ADD COLUMN name text NULL,
    ADD COLUMN student_number text NULL,
    ADD CONSTRAINT users_name_length_check CHECK (char_length(name) BETWEEN 1 AND 200),
    ADD CONSTRAINT users_student_number_length_check CHECK (char_length(student_number) BETWEEN 1 AND 64);

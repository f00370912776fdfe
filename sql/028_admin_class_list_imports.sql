-- An admin may import a class list into any course (issue 44): the audit log names the
-- course (its id, and its name copied, so the row outlives the course) and has the action.
ALTER TABLE admin_audit
    ADD COLUMN course_id bigint NULL REFERENCES courses (id) ON DELETE SET NULL,
    ADD COLUMN course_name text NULL,
    DROP CONSTRAINT admin_audit_action_check,
    ADD CONSTRAINT admin_audit_action_check CHECK (action IN (
        'invited', 'revoked_invitation', 'disabled', 'enabled', 'made_reset_link', 'imported_class_list'));

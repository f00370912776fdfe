-- Data out and back (issue 72): an erased account is marked (its personal data was replaced
-- by a pseudonym, its scores kept), and the erasure is an action of the admin audit log.
ALTER TABLE users ADD COLUMN erased_at timestamptz NULL;

ALTER TABLE admin_audit
    DROP CONSTRAINT admin_audit_action_check,
    ADD CONSTRAINT admin_audit_action_check CHECK (action IN (
        'invited', 'revoked_invitation', 'disabled', 'enabled', 'made_reset_link', 'imported_class_list',
        'unlinked_school_account', 'erased'));

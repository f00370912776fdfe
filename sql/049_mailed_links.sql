-- A school without mail, and one with it (issue 67, item 9): a password reset link mailed on
-- request is an action of the audit log ('mailed_reset_link': to whom and when), so /admin
-- can say whether and when a link went out.
ALTER TABLE admin_audit
    DROP CONSTRAINT admin_audit_action_check,
    ADD CONSTRAINT admin_audit_action_check CHECK (action IN (
        'invited', 'revoked_invitation', 'disabled', 'enabled', 'made_reset_link', 'imported_class_list',
        'unlinked_school_account', 'erased', 'mailed_reset_link'));

-- The identity of an account is its email key: the address in Unicode NFC with full case
-- folding, computed by the server in Swift. (lower() follows the database's locale: under
-- the C locale it folds ASCII only, so "Ärger@x.de" and "ärger@x.de" were two accounts.)
--
-- Rows from before this migration get their key from the server right after migrating, in
-- Swift, so the column allows NULL; a row whose key another account already holds keeps
-- NULL and is reported in the server's log (it cannot log in until an operator resolves it).
-- The old index on lower(email) stays: it is weaker than this one and still guards
-- replicas of the previous version during a rolling upgrade.
ALTER TABLE users ADD COLUMN email_key text;
CREATE UNIQUE INDEX users_email_key_key ON users (email_key);

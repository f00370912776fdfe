-- Names (issue 67, item 2): an admin's invitation may carry the invited person's name, which
-- the account it makes gets (teachers' views show names, not addresses). Nothing, or only
-- spaces, is no name (NULL), as everywhere a name is given.
ALTER TABLE invitations ADD COLUMN name text NULL;

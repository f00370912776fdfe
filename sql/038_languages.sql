-- Languages (issue 66): a person's own choice of language (NULL: none, so the browser's `lang`
-- cookie, its Accept-Language or the server's DEFAULT_LANGUAGE choose), and the language an
-- admin chose for an invitation's mail and for the account it makes.
ALTER TABLE users ADD COLUMN language text NULL,
    ADD CONSTRAINT users_language_check CHECK (language IN ('en', 'pl'));
ALTER TABLE invitations ADD COLUMN language text NULL,
    ADD CONSTRAINT invitations_language_check CHECK (language IN ('en', 'pl'));

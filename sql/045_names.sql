-- Names (issue 67, item 2): teachers' views sort people by surname as Polish collation sorts
-- and search names and addresses with and without diacritics ("zolc" finds "Żółć").
--
-- The surname is the last word of `users.name` (a class list's separate surname column is
-- joined after the first names, so its surname is last too); a person without a name sorts
-- and shows by address. Both are worked out at read time by the functions below: rosters are
-- a class or a school, read whole, so no stored column or index is needed.

-- Sorting: ICU's Polish rules (a < ą < b … ł … ś … ż) where the server has ICU, and the
-- byte order of "C" where it has none (the sort then still is stable, only not Polish).
DO $$
BEGIN
    CREATE COLLATION examprep_names (provider = icu, locale = 'pl-PL');
EXCEPTION WHEN OTHERS THEN
    CREATE COLLATION examprep_names FROM "C";
END
$$;

-- The key a name sorts by: its last word (the surname), then the whole name; an address
-- where there is no name.
CREATE FUNCTION examprep_surname(name text, email text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT coalesce(regexp_replace(btrim(name), '^.*\s', ''), email) $$;

-- Search folding, the one place it is defined: compatibility-decomposed, every combining mark
-- (U+0300–U+036F) dropped, lower case, then the letters that do not decompose (ł, ø, đ, ß, æ,
-- œ, ı, in either case) written as their plain neighbours. Lower case by ICU's rules
-- (`examprep_names`): a database made with LC_CTYPE=C lowers only ASCII by its own. `unaccent`
-- is an extension a school's database may not have; this needs nothing but a UTF-8 database.
CREATE FUNCTION examprep_fold(value text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
    AS $$ SELECT translate(lower(regexp_replace(normalize(value, NFKD), '[\u0300-\u036f]', '', 'g') COLLATE examprep_names),
                           'łŁøØđĐßæÆœŒı', 'llooddsaaooi') $$;

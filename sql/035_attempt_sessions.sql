-- The session that started or last resumed a running attempt (issue 62): only it is kept open
-- past its idle expiry while the attempt runs, until the attempt's deadline and grace (or, for
-- an attempt without a deadline, a day after it started). Before, any session of a student with
-- an attempt running came back: an old cookie on a shared school computer signed in again
-- while its owner sat an exam elsewhere. Attempts that run now keep no session: theirs lives
-- until its own expiry.
ALTER TABLE attempts ADD COLUMN session_id uuid NULL;

-- Attempt counters for every limit (logins, unknown course codes, registrations, course
-- creation), kept in PostgreSQL so that limits hold across replicas. One row per counted
-- key, e.g. 'login.pair:<address>|<email key>': a fixed window that opens with its first
-- attempt and closes at expires_at.

CREATE TABLE rate_limits (
    key        text        PRIMARY KEY,
    count      integer     NOT NULL,
    expires_at timestamptz NOT NULL
);

-- Housekeeping deletes counters whose window has closed.
CREATE INDEX rate_limits_expires_at_idx ON rate_limits (expires_at);

-- Takes one attempt at time `at_time` from every counter in keys[], atomically: either all of
-- them have room (count < limits[i] within the window) and each is counted, or none is
-- counted and the answer is the number of seconds until all would have room. 0 means the
-- attempt is counted. (`at_time` is the server's clock, which tests control.)
--
-- Counters are created and locked in key order, so concurrent calls never deadlock, and a
-- refused attempt counts nowhere: an attacker who hit one limit cannot push another.
CREATE FUNCTION rate_limit_take(keys text[], limits integer[], windows integer[], at_time timestamptz)
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
    wait_seconds integer := 0;
    counter record;
BEGIN
    INSERT INTO rate_limits (key, count, expires_at)
    SELECT k, 0, at_time FROM unnest(keys) AS k ORDER BY k
    ON CONFLICT (key) DO NOTHING;

    FOR counter IN
        SELECT r.key, r.count, r.expires_at, w.max_count
        FROM rate_limits r
        JOIN unnest(keys, limits) AS w(key, max_count) ON w.key = r.key
        ORDER BY r.key
        FOR UPDATE OF r
    LOOP
        IF counter.expires_at > at_time AND counter.count >= counter.max_count THEN
            wait_seconds := greatest(wait_seconds, ceil(extract(epoch FROM counter.expires_at - at_time))::integer, 1);
        END IF;
    END LOOP;

    IF wait_seconds > 0 THEN
        RETURN wait_seconds;
    END IF;

    UPDATE rate_limits r SET
        count = CASE WHEN r.expires_at <= at_time THEN 1 ELSE r.count + 1 END,
        expires_at = CASE WHEN r.expires_at <= at_time THEN at_time + make_interval(secs => w.seconds) ELSE r.expires_at END
    FROM unnest(keys, windows) AS w(key, seconds)
    WHERE r.key = w.key;
    RETURN 0;
END
$$;

-- Failed logins are counted by rate_limits now.
DROP TABLE login_failures;

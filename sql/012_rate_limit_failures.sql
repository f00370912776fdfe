-- Counters that count only what failed. A school puts hundreds of people behind one address:
-- when every login in flight counted against the address, 500 students logging in at once
-- were refused though none had failed. Such a counter is checked when an attempt begins and
-- counted only when the attempt fails (`rate_limit_add`), while the counters that must hold
-- even against parallel guesses (one account from one address) still count every attempt
-- the moment it begins.
--
-- rate_limit_acquire is rate_limit_take (migration 006) with two changes: `counted[i]` says
-- whether counter i counts this attempt now (false: it is only checked), and the answer also
-- names the counter that refused (its 1-based position in keys[]), so a 429 can say which
-- limit was hit.
CREATE FUNCTION rate_limit_acquire(
    keys text[], limits integer[], windows integer[], counted boolean[], at_time timestamptz,
    OUT wait_seconds integer, OUT refused_by integer)
LANGUAGE plpgsql
AS $$
DECLARE
    counter record;
    seconds integer;
BEGIN
    wait_seconds := 0;
    refused_by := NULL;
    INSERT INTO rate_limits (key, count, expires_at)
    SELECT k, 0, at_time FROM unnest(keys) AS k ORDER BY k
    ON CONFLICT (key) DO NOTHING;

    FOR counter IN
        SELECT r.key, r.count, r.expires_at, w.max_count, w.position
        FROM rate_limits r
        JOIN unnest(keys, limits) WITH ORDINALITY AS w(key, max_count, position) ON w.key = r.key
        ORDER BY r.key
        FOR UPDATE OF r
    LOOP
        IF counter.expires_at > at_time AND counter.count >= counter.max_count THEN
            seconds := greatest(ceil(extract(epoch FROM counter.expires_at - at_time))::integer, 1);
            IF seconds > wait_seconds THEN
                wait_seconds := seconds;
                refused_by := counter.position;
            END IF;
        END IF;
    END LOOP;

    IF wait_seconds > 0 THEN
        RETURN;
    END IF;

    UPDATE rate_limits r SET
        count = CASE WHEN r.expires_at <= at_time THEN 1 ELSE r.count + 1 END,
        expires_at = CASE WHEN r.expires_at <= at_time THEN at_time + make_interval(secs => w.seconds) ELSE r.expires_at END
    FROM unnest(keys, windows, counted) AS w(key, seconds, counts)
    WHERE r.key = w.key AND w.counts;
END
$$;

-- Counts one failure on each counter of keys[] (a window of windows[i] seconds opens with the
-- first one), in key order like the functions above so that concurrent calls never deadlock.
CREATE FUNCTION rate_limit_add(keys text[], windows integer[], at_time timestamptz)
RETURNS void
LANGUAGE sql
AS $$
    INSERT INTO rate_limits AS r (key, count, expires_at)
    SELECT w.key, 1, at_time + make_interval(secs => w.seconds)
    FROM unnest(keys, windows) AS w(key, seconds)
    ORDER BY w.key
    ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN r.expires_at <= at_time THEN 1 ELSE r.count + 1 END,
        expires_at = CASE WHEN r.expires_at <= at_time THEN excluded.expires_at ELSE r.expires_at END;
$$;

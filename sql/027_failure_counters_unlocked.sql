-- A counter that counts only failures is no longer locked while an attempt is checked.
--
-- rate_limit_acquire (migration 012) locked every counter it was given, the counters that
-- only check (unknown codes from an address, failed logins from an address) included. Those
-- are shared by everyone behind one address, so a class of 60 enrolling with its code at once
-- lined up behind one row, one statement at a time, while the rest of their requests held the
-- pool's connections: on a busy server most of the class got 503 when the pool's wait ran out.
-- The lock guarded nothing: a failure is added after the attempt has failed
-- (`rate_limit_add`), never here. Now only the counters that count this attempt are created
-- and locked (so two attempts still cannot both take the last room); the others are read.
CREATE OR REPLACE FUNCTION rate_limit_acquire(
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
    SELECT w.key, 0, at_time FROM unnest(keys, counted) AS w(key, counts) WHERE w.counts ORDER BY w.key
    ON CONFLICT (key) DO NOTHING;

    PERFORM 1
    FROM rate_limits r JOIN unnest(keys, counted) AS w(key, counts) ON w.key = r.key
    WHERE w.counts
    ORDER BY r.key
    FOR UPDATE OF r;

    -- Read committed: this statement sees what the attempts that held the locks above wrote.
    FOR counter IN
        SELECT r.key, r.count, r.expires_at, w.max_count, w.position
        FROM rate_limits r
        JOIN unnest(keys, limits) WITH ORDINALITY AS w(key, max_count, position) ON w.key = r.key
        ORDER BY r.key
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

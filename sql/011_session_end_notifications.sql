-- Every ended session is announced on the channel examprep_sessions (its id as payload), so
-- that replicas which remember open sessions (to spare a round trip per request) forget it
-- within milliseconds: a revocation (logout, a password change, the session list, reuse of
-- a refresh token) or a deletion (an account deleted, and its sessions with it).
CREATE FUNCTION notify_session_ended() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('examprep_sessions', OLD.id::text);
        RETURN OLD;
    END IF;
    IF NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL THEN
        PERFORM pg_notify('examprep_sessions', NEW.id::text);
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER sessions_ended
AFTER UPDATE OF revoked_at OR DELETE ON sessions
FOR EACH ROW EXECUTE FUNCTION notify_session_ended();

-- Replicas now also remember browser sessions by their cookie token's hash. A session's cookie
-- token can be replaced (an app's web view signed in as the app's session), and the token it
-- had must stop working everywhere at once: the change is announced on examprep_sessions like
-- an ended session, and every replica forgets what it remembered of that session.
CREATE OR REPLACE FUNCTION notify_session_ended() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('examprep_sessions', OLD.id::text);
        RETURN OLD;
    END IF;
    IF (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL)
       OR NEW.web_token_hash IS DISTINCT FROM OLD.web_token_hash THEN
        PERFORM pg_notify('examprep_sessions', NEW.id::text);
    END IF;
    RETURN NEW;
END
$$;

DROP TRIGGER sessions_ended ON sessions;
CREATE TRIGGER sessions_ended
AFTER UPDATE OF revoked_at, web_token_hash OR DELETE ON sessions
FOR EACH ROW EXECUTE FUNCTION notify_session_ended();

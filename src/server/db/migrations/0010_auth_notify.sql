-- Every change that can end a session or change what a signed-in request may do is announced on the
-- vikings_auth channel, whoever made it (a server process, the CLI, psql): server processes on PostgreSQL
-- remember session lookups (auth/session-cache.ts) and forget them all when this notice arrives.
-- A new session needs no notice (nobody remembers a token before it exists), nor a player's last-seen time.
CREATE FUNCTION vikings_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One notice per transaction: PostgreSQL folds identical notices of a transaction into one.
  PERFORM pg_notify('vikings_auth', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION vikings_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION vikings_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at'))
  EXECUTE FUNCTION vikings_auth_changed();

-- A counter per tenant that moves whenever anything a video's JSON shows, or who may see it, changes.
-- The library's read cache (videos/library-cache.ts) keeps a page while the counter stands still.
-- Triggers rather than application code: every writer (web nodes, workers, future modules, psql)
-- bumps it without having to remember.
CREATE TABLE "library_versions" (
	"tenant_id" text PRIMARY KEY NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"version" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE FUNCTION bump_library_version(tenant text) RETURNS void LANGUAGE sql AS $$
	INSERT INTO library_versions (tenant_id, version) SELECT tenant, 1 WHERE tenant IS NOT NULL
	ON CONFLICT (tenant_id) DO UPDATE SET version = library_versions.version + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION library_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'channel_members' THEN
		-- The rows a cascade deletes may outlive their channel by a moment: fall back to the member's tenant.
		PERFORM bump_library_version(COALESCE(
			(SELECT tenant_id FROM channels WHERE id = COALESCE(NEW.channel_id, OLD.channel_id)),
			(SELECT tenant_id FROM users WHERE id = COALESCE(NEW.user_id, OLD.user_id))));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM bump_library_version(OLD.tenant_id);
	ELSE
		PERFORM bump_library_version(NEW.tenant_id);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER videos_library_insert_delete AFTER INSERT OR DELETE ON "videos" FOR EACH ROW EXECUTE FUNCTION library_changed();
--> statement-breakpoint
-- Only the columns a video's JSON shows (videos.repo.ts viewColumns): the transcoder's heartbeat
-- writes every few seconds and must not empty the cache.
CREATE TRIGGER videos_library_update AFTER UPDATE ON "videos" FOR EACH ROW
	WHEN ((OLD.title, OLD.status, OLD.failure_reason, OLD.progress, OLD.duration_sec, OLD.renditions, OLD.poster_key,
	       OLD.storyboard, OLD.highlights, OLD.is_test, OLD.owner_user_id, OLD.created_at)
	      IS DISTINCT FROM
	      (NEW.title, NEW.status, NEW.failure_reason, NEW.progress, NEW.duration_sec, NEW.renditions, NEW.poster_key,
	       NEW.storyboard, NEW.highlights, NEW.is_test, NEW.owner_user_id, NEW.created_at))
	EXECUTE FUNCTION library_changed();
--> statement-breakpoint
CREATE TRIGGER channel_members_library AFTER INSERT OR UPDATE OR DELETE ON "channel_members" FOR EACH ROW EXECUTE FUNCTION library_changed();
--> statement-breakpoint
CREATE TRIGGER channels_library_delete AFTER DELETE ON "channels" FOR EACH ROW EXECUTE FUNCTION library_changed();
--> statement-breakpoint
-- A video shows its owner's username.
CREATE TRIGGER users_library_rename AFTER UPDATE OF username ON "users" FOR EACH ROW
	WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION library_changed();
--> statement-breakpoint
CREATE TRIGGER users_library_delete AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION library_changed();

-- Segment URLs carry a per-game path token (the same for every viewer, so a cache can serve them): an HMAC over
-- the game's access epoch among others. Bumping the epoch (the ingest key rotated) stops every path token and
-- playback token issued before at once; playback nodes keep the epoch in memory and learn of a bump as of a status
-- change. `live_viewer_access` is the same for one viewer across games: bumped when they may no longer watch (removed
-- from a team, subscription ended), it stops their playback tokens without touching anyone else's.
ALTER TABLE "live_events" ADD COLUMN "access_epoch" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
DROP TRIGGER "live_events_status_notify" ON "live_events";
--> statement-breakpoint
CREATE TRIGGER "live_events_status_notify" AFTER UPDATE OF "status", "access_epoch" ON "live_events"
	FOR EACH ROW WHEN (NEW."status" IS DISTINCT FROM OLD."status" OR NEW."access_epoch" IS DISTINCT FROM OLD."access_epoch")
	EXECUTE FUNCTION "live_event_status_notify"();
--> statement-breakpoint
CREATE TABLE "live_viewer_access" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "epoch" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE FUNCTION "live_viewer_access_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('live_viewer_access', NEW."user_id"::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "live_viewer_access_notify" AFTER INSERT OR UPDATE ON "live_viewer_access"
	FOR EACH ROW EXECUTE FUNCTION "live_viewer_access_notify"();

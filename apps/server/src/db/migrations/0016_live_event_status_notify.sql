-- Playback nodes keep each watched event's status and segment rows in memory and must learn at once
-- when an event ends (a blocked playlist request answers with the archive), re-opens or is deleted,
-- whichever module changes the row: the database announces it. The payload is the event id.
CREATE FUNCTION "live_event_status_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('live_event_status', COALESCE(NEW."id", OLD."id")::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "live_events_status_notify" AFTER UPDATE OF "status" ON "live_events"
	FOR EACH ROW WHEN (NEW."status" IS DISTINCT FROM OLD."status") EXECUTE FUNCTION "live_event_status_notify"();
--> statement-breakpoint
CREATE TRIGGER "live_events_delete_notify" AFTER DELETE ON "live_events"
	FOR EACH ROW EXECUTE FUNCTION "live_event_status_notify"();

-- A live clip is a clip: `stream_kind` 'live', `stream_id` the event key, `source_key` the event id.
ALTER TABLE "clips" DROP CONSTRAINT "clips_stream_kind_check";
--> statement-breakpoint
ALTER TABLE "clips" ADD CONSTRAINT "clips_stream_kind_check" CHECK ("stream_kind" IN ('video', 'live'));

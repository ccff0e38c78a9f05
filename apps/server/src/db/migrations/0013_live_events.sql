-- Live games. An event has a public `key` (every page and API path) and a secret ingest key
-- the encoder publishes with: stored as a SHA-256 hash for the publish check and sealed with the key box
-- so that only its owner can read it again.
CREATE TABLE "live_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL REFERENCES "tenants"("id"),
	"key" text NOT NULL UNIQUE,
	"owner_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"channel_id" integer REFERENCES "channels"("id") ON DELETE SET NULL,
	"title" text NOT NULL,
	"sport" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"thumbnail" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"ingest_key_hash" text NOT NULL UNIQUE,
	"ingest_key_box" text NOT NULL,
	"status" text DEFAULT 'upcoming' NOT NULL CHECK ("status" IN ('upcoming', 'live', 'ended')),
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	-- The encoder's last sign of life (publish or segment): a restarted node resumes or ends from it.
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_events_tenant_status_starts" ON "live_events" ("tenant_id", "status", "starts_at");
--> statement-breakpoint
CREATE INDEX "live_events_channel_starts" ON "live_events" ("channel_id", "starts_at");
--> statement-breakpoint
CREATE INDEX "live_events_public_sport" ON "live_events" ("tenant_id", "sport", "starts_at") WHERE "is_public";
--> statement-breakpoint
-- One row per 1 s HLS segment in Storage, so playlists (live, DVR, archive) are written from rows, not files.
CREATE TABLE "live_segments" (
	"event_id" uuid NOT NULL REFERENCES "live_events"("id") ON DELETE CASCADE,
	"seq" integer NOT NULL,
	"storage_key" text NOT NULL,
	-- Wall clock of the segment's first frame (EXT-X-PROGRAM-DATE-TIME), ms since the epoch.
	"started_at_ms" bigint NOT NULL,
	"duration_sec" double precision NOT NULL,
	-- First segment of a new publish (encoder reconnect): EXT-X-DISCONTINUITY before it.
	"discontinuity" boolean DEFAULT false NOT NULL,
	"byte_size" integer NOT NULL,
	PRIMARY KEY ("event_id", "seq")
);
--> statement-breakpoint
CREATE INDEX "live_segments_event_time" ON "live_segments" ("event_id", "started_at_ms");
--> statement-breakpoint
-- Crowd cheers found in the event's audio (auto highlights); each has a clip of the moment.
CREATE TABLE "live_cheers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL REFERENCES "live_events"("id") ON DELETE CASCADE,
	"timestamp_ms" bigint NOT NULL,
	"score" double precision NOT NULL,
	"clip_id" uuid REFERENCES "clips"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	UNIQUE ("event_id", "timestamp_ms")
);
--> statement-breakpoint
CREATE INDEX "live_cheers_event_score" ON "live_cheers" ("event_id", "score" DESC);
--> statement-breakpoint
-- Who is watching: a viewer's row is refreshed while their player loads the playlist.
CREATE TABLE "live_viewers" (
	"event_id" uuid NOT NULL REFERENCES "live_events"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("event_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "live_viewers_event_seen" ON "live_viewers" ("event_id", "seen_at");
--> statement-breakpoint
-- A fan follows a team (its channel) and sees its public games first.
CREATE TABLE "team_follows" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"channel_id" integer NOT NULL REFERENCES "channels"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "channel_id")
);
--> statement-breakpoint
CREATE INDEX "team_follows_channel" ON "team_follows" ("channel_id");

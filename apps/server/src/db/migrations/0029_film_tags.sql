-- Film study: a team's code window (its tag buttons, read and written whole) and the tagged instances of its
-- videos and live games. No window row: the team has not used it yet (its first read stores the starter set).
CREATE TABLE "code_windows" (
  "channel_id" integer PRIMARY KEY REFERENCES "channels"("id") ON DELETE CASCADE,
  "tenant_id" text NOT NULL REFERENCES "tenants"("id"),
  "buttons" jsonb NOT NULL,
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- An instance of a video or of a live game (exactly one), made with its team's window; times in seconds of the
-- video, or of the game since its real start. `code` is the button's name (a rename recodes the team's tags).
CREATE TABLE "film_tags" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "tenant_id" text NOT NULL REFERENCES "tenants"("id"),
  "channel_id" integer NOT NULL REFERENCES "channels"("id") ON DELETE CASCADE,
  "video_id" uuid REFERENCES "videos"("id") ON DELETE CASCADE,
  "event_id" uuid REFERENCES "live_events"("id") ON DELETE CASCADE,
  "maker_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "code" text NOT NULL,
  "start_sec" double precision NOT NULL,
  "end_sec" double precision NOT NULL,
  "labels" text[] NOT NULL DEFAULT '{}'::text[],
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "film_tags_one_source" CHECK (num_nonnulls("video_id", "event_id") = 1),
  CONSTRAINT "film_tags_times" CHECK ("start_sec" >= 0 AND "start_sec" <= "end_sec")
);
--> statement-breakpoint
CREATE INDEX "film_tags_video" ON "film_tags" ("video_id", "channel_id", "start_sec") WHERE "video_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "film_tags_event" ON "film_tags" ("event_id", "channel_id", "start_sec") WHERE "event_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "film_tags_channel_code" ON "film_tags" ("channel_id", "code");

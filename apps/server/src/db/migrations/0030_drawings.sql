-- Drawings on a paused frame of a video (film study): shapes at `at_sec` (seconds of the video), which playback
-- and exports hold for `hold_sec`. `shapes` is the contract's shape list as given (film.ts), bounded by it.
CREATE TABLE "drawings" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "tenant_id" text NOT NULL REFERENCES "tenants"("id"),
  "video_id" uuid NOT NULL REFERENCES "videos"("id") ON DELETE CASCADE,
  "maker_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "at_sec" double precision NOT NULL,
  "hold_sec" double precision NOT NULL,
  "shapes" jsonb NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- A video's drawings in time order (the list, and an export's chunks by range).
CREATE INDEX "drawings_video_at" ON "drawings" ("video_id", "at_sec");

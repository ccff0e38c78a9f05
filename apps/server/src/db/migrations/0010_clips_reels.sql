-- Clips and reels. No library-cache triggers: the library cache keeps video JSON only,
-- which shows nothing of clips.
CREATE TABLE "reels" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL REFERENCES "tenants"("id"),
	"owner_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"title" text,
	"shared" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reels_owner_created" ON "reels" ("owner_user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "clips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL REFERENCES "tenants"("id"),
	"owner_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"stream_kind" text DEFAULT 'video' NOT NULL CHECK ("stream_kind" IN ('video')),
	"stream_id" text NOT NULL,
	"source_owner_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"clip_id" bigint NOT NULL,
	"reel_id" text NOT NULL UNIQUE,
	"start_sec" double precision NOT NULL CHECK ("start_sec" >= 0),
	"duration_sec" double precision NOT NULL CHECK ("duration_sec" > 0),
	"description" text DEFAULT '' NOT NULL,
	"cheer" boolean DEFAULT false NOT NULL,
	"source_key" text NOT NULL,
	"source_rendition" text NOT NULL,
	"status" text DEFAULT 'cutting' NOT NULL,
	"file_key" text,
	"poster_key" text,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A clip's own one-chunk reel goes with the clip, whichever way the clip goes (its maker's or its
-- source owner's account deleted, its video deleted).
ALTER TABLE "reels" ADD COLUMN "clip_id" uuid UNIQUE REFERENCES "clips"("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE UNIQUE INDEX "clips_stream_clip_id" ON "clips" ("tenant_id", "stream_kind", "stream_id", "clip_id");
--> statement-breakpoint
CREATE INDEX "clips_owner_created" ON "clips" ("owner_user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "reel_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reel_id" text NOT NULL REFERENCES "reels"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"clip_id" uuid NOT NULL REFERENCES "clips"("id") ON DELETE CASCADE,
	"in_sec" double precision NOT NULL,
	"out_sec" double precision NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CHECK ("in_sec" >= 0 AND "out_sec" > "in_sec")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reel_chunks_reel_position" ON "reel_chunks" ("reel_id", "position");
--> statement-breakpoint
CREATE INDEX "reel_chunks_clip" ON "reel_chunks" ("clip_id");

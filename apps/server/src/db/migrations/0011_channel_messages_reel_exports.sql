-- Channel messages: comments on a clip (kind 'comment', clip_id set) and messages into a
-- team channel (kind 'message', e.g. a shared reel: type 'reel', action = the reel id). One table, so
-- the board and the activity feed list both without a second one.
CREATE TABLE "channel_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL REFERENCES "tenants"("id"),
	"channel_id" integer NOT NULL REFERENCES "channels"("id") ON DELETE CASCADE,
	"publisher_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL CHECK ("kind" IN ('comment', 'message')),
	"clip_id" uuid REFERENCES "clips"("id") ON DELETE CASCADE,
	"subject" text,
	"content" text NOT NULL,
	"type" text,
	"action" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CHECK (("kind" = 'comment') = ("clip_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "channel_messages_clip" ON "channel_messages" ("channel_id", "clip_id", "created_at") WHERE "clip_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "channel_messages_channel" ON "channel_messages" ("channel_id", "created_at");
--> statement-breakpoint
-- `@username` mentions of members of the message's channel, for the mentioned member's notifications.
CREATE TABLE "channel_mentions" (
	"message_id" uuid NOT NULL REFERENCES "channel_messages"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("message_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "channel_mentions_user" ON "channel_mentions" ("user_id", "created_at");
--> statement-breakpoint
-- A reel's MP4 export (at most one per reel), kept until the reel changes.
CREATE TABLE "reel_exports" (
	"reel_id" text PRIMARY KEY NOT NULL REFERENCES "reels"("id") ON DELETE CASCADE,
	"tenant_id" text NOT NULL REFERENCES "tenants"("id"),
	"job_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL CHECK ("status" IN ('queued', 'running', 'ready', 'failed')),
	"progress" integer DEFAULT 0 NOT NULL CHECK ("progress" BETWEEN 0 AND 100),
	"file_key" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

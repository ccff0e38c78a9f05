-- Clips a user saved to their library ("my clips (made or saved)"). Whether the saver may
-- still see the clip is checked when the library is read, so leaving a team hides them without a
-- delete, and they come back on rejoining. A deleted clip or user takes its saves with it.
CREATE TABLE "saved_clips" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"clip_id" uuid NOT NULL REFERENCES "clips"("id") ON DELETE CASCADE,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "clip_id")
);
--> statement-breakpoint
CREATE INDEX "saved_clips_user_saved" ON "saved_clips" ("user_id", "saved_at");
--> statement-breakpoint
CREATE INDEX "saved_clips_clip" ON "saved_clips" ("clip_id");

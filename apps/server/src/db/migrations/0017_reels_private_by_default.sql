-- Nothing is public unless its maker shared it: a new reel starts unshared. Clips' own reels were
-- shared by the old default only, never on purpose (the clip page had no switch), so they stop.
ALTER TABLE "reels" ALTER COLUMN "shared" SET DEFAULT false;
--> statement-breakpoint
UPDATE "reels" SET "shared" = false WHERE "clip_id" IS NOT NULL;

ALTER TABLE "users" ADD COLUMN "trial_started_at" timestamp with time zone;--> statement-breakpoint
-- Until now the trial counted from updated_at, which only registration moved.
UPDATE "users" SET "trial_started_at" = "updated_at" WHERE "type" IS NOT NULL;

ALTER TABLE "users" ADD COLUMN "trial_started_at" timestamp with time zone;--> statement-breakpoint
-- Until now the trial counted from updated_at, which only registration moved.
UPDATE "users" SET "trial_started_at" = "updated_at" WHERE "type" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "invited_user_id" integer;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invited_user_id_users_id_fk" FOREIGN KEY ("invited_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A username invite was matched by name; bind it to the account that holds the name now (the best
-- record there is). One whose name no longer exists stays unbound and counts for nobody.
UPDATE "invites" i SET "invited_user_id" = u."id" FROM "users" u
 WHERE i."username" IS NOT NULL AND u."tenant_id" = i."tenant_id" AND lower(u."username") = lower(i."username");--> statement-breakpoint
DROP INDEX IF EXISTS "invites_username";--> statement-breakpoint
CREATE INDEX "invites_invited_user" ON "invites" USING btree ("invited_user_id");--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "revoked_at" timestamp with time zone;

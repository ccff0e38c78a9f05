-- A mention notification keeps only the excerpt: who mentioned is named when it is read (by their name today).
UPDATE "notifications" SET "message" = regexp_replace("message", '^\S+ mentioned you: ', '')
 WHERE "message_id" IS NOT NULL AND "message" ~ '^\S+ mentioned you: ';
--> statement-breakpoint
-- A join item names the member by their name, as new ones do.
UPDATE "team_activity" a SET "content" = coalesce(nullif(btrim(u."name"), ''), u."username") || ' joined the team'
  FROM "users" u
 WHERE u."id" = a."publisher_user_id" AND a."content" = u."username" || ' joined the team';
--> statement-breakpoint
-- A video shows its owner's name and who marked its highlights: a new name is a library change too.
DROP TRIGGER "users_library_rename" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_library_rename" AFTER UPDATE OF "username", "name" ON "users" FOR EACH ROW
	WHEN (OLD."username" IS DISTINCT FROM NEW."username" OR OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION library_changed();

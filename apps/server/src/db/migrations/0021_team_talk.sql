-- Team talk: board messages and their replies live in channel_messages beside clip comments
-- (kind 'message' is a board message, 'reply' a reply to one, 'comment' a clip comment).
ALTER TABLE "channel_messages" ADD COLUMN "parent_id" uuid REFERENCES "channel_messages"("id") ON DELETE CASCADE;
CREATE INDEX "channel_messages_board" ON "channel_messages" ("channel_id", "created_at" DESC, "id" DESC) WHERE "kind" = 'message';
CREATE INDEX "channel_messages_replies" ON "channel_messages" ("parent_id", "created_at" DESC) WHERE "parent_id" IS NOT NULL;

-- What happened in a team (a video ready, a reel shared, a game live, a member joined, a post).
-- An item caused by a board message goes with it.
CREATE TABLE "team_activity" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "tenant_id" text NOT NULL REFERENCES "tenants"("id"),
  "channel_id" integer NOT NULL REFERENCES "channels"("id") ON DELETE CASCADE,
  "publisher_user_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
  "subject" text NOT NULL DEFAULT '',
  "content" text NOT NULL,
  "type" text,
  "action" text,
  "message_id" uuid REFERENCES "channel_messages"("id") ON DELETE CASCADE,
  "preview_clip_id" uuid REFERENCES "clips"("id") ON DELETE SET NULL,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "team_activity_channel_created" ON "team_activity" ("channel_id", "created_at" DESC, "id" DESC);

-- A user's notifications (mentions, direct messages). One caused by a message goes with it, so an
-- unread count never counts what was deleted.
CREATE TABLE "notifications" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "tenant_id" text NOT NULL REFERENCES "tenants"("id"),
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "publisher_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "type" text NOT NULL DEFAULT 'link',
  "message" text NOT NULL,
  "action" text,
  "message_id" uuid REFERENCES "channel_messages"("id") ON DELETE CASCADE,
  "read_at" timestamptz,
  "mailed_at" timestamptz,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "notifications_user_created" ON "notifications" ("user_id", "created_at" DESC, "id" DESC);
CREATE INDEX "notifications_user_unread" ON "notifications" ("user_id", "created_at") WHERE "read_at" IS NULL;

-- Whether unread notifications are e-mailed, and when the last such e-mail went out.
ALTER TABLE "users" ADD COLUMN "notification_email" boolean NOT NULL DEFAULT true;
ALTER TABLE "users" ADD COLUMN "notifications_mailed_at" timestamptz;

-- Every change a team's open pages must hear, for `GET /api/updates`: a channel's members
-- (channel_id) or one user (user_id). The id is the stream's event id; writers take an advisory
-- lock before inserting, so ids become visible in order and "everything after id N" misses nothing.
CREATE TABLE "team_updates" (
  "id" bigserial PRIMARY KEY,
  "tenant_id" text NOT NULL REFERENCES "tenants"("id"),
  "channel_id" integer REFERENCES "channels"("id") ON DELETE CASCADE,
  "user_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "data" jsonb NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "team_updates_audience" CHECK ("channel_id" IS NOT NULL OR "user_id" IS NOT NULL)
);
CREATE INDEX "team_updates_created" ON "team_updates" ("created_at");
CREATE INDEX "team_updates_channel" ON "team_updates" ("channel_id", "id") WHERE "channel_id" IS NOT NULL;
CREATE INDEX "team_updates_user" ON "team_updates" ("user_id", "id") WHERE "user_id" IS NOT NULL;

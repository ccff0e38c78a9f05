-- Profile images: a user's hero, avatar and photos, and a team's logo (channel_id). The id is the
-- upload's key. `variants` lists the WebP sizes made by the process-image job ({name, key, width,
-- height}); the original stays private at `original_key`. A refused file keeps its row (no files) so
-- its upload can still say why.
CREATE TABLE "user_images" (
  "id" uuid PRIMARY KEY,
  "tenant_id" text NOT NULL REFERENCES "tenants"("id"),
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "channel_id" integer REFERENCES "channels"("id") ON DELETE CASCADE,
  "tag" text NOT NULL,
  "status" text NOT NULL DEFAULT 'processing',
  "failure_code" text,
  "failure" text,
  "original_key" text NOT NULL,
  "width" integer,
  "height" integer,
  "variants" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "placeholder" text,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "ready_at" timestamptz
);
CREATE INDEX "user_images_user" ON "user_images" ("user_id", "created_at");
CREATE INDEX "user_images_channel" ON "user_images" ("channel_id") WHERE "channel_id" IS NOT NULL;

-- Measurables (height, weight, jersey, position) a team owner verified: the value as it was verified.
-- An edit of the value by the athlete removes its entry.
ALTER TABLE "users" ADD COLUMN "verified" jsonb NOT NULL DEFAULT '{}'::jsonb;

-- The team schedule: games, practices and events of a team channel. Times are instants; `time_zone` is the
-- venue's IANA zone that every mail and feed writes them in. A weekly series is one row per occurrence
-- (`series_id` shared), so each can be moved or cancelled alone. `sequence` is the iCalendar SEQUENCE: it
-- grows on every change of time, place or status. Cancelled items stay (status 'cancelled').
CREATE TABLE "schedule_items" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "tenant_id" text NOT NULL REFERENCES "tenants"("id"),
  "channel_id" integer NOT NULL REFERENCES "channels"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "title" text NOT NULL,
  "starts_at" timestamptz NOT NULL,
  "ends_at" timestamptz NOT NULL,
  "time_zone" text NOT NULL,
  "location" text NOT NULL DEFAULT '',
  "notes" text NOT NULL DEFAULT '',
  "status" text NOT NULL DEFAULT 'scheduled',
  "live_event_id" uuid REFERENCES "live_events"("id") ON DELETE SET NULL,
  "series_id" uuid,
  "sequence" integer NOT NULL DEFAULT 0,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "schedule_items_channel_starts" ON "schedule_items" ("channel_id", "starts_at");
CREATE INDEX "schedule_items_series" ON "schedule_items" ("series_id", "starts_at") WHERE "series_id" IS NOT NULL;
CREATE UNIQUE INDEX "schedule_items_live_event" ON "schedule_items" ("live_event_id") WHERE "live_event_id" IS NOT NULL;

-- One answer per member and item.
CREATE TABLE "schedule_rsvps" (
  "item_id" uuid NOT NULL REFERENCES "schedule_items"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "answer" text NOT NULL,
  "note" text,
  "at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("item_id", "user_id")
);

-- A reminder sent: the primary key makes a second reminder for the same member and item impossible.
CREATE TABLE "schedule_reminders" (
  "item_id" uuid NOT NULL REFERENCES "schedule_items"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "sent_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("item_id", "user_id")
);

-- A user's private calendar feed: looked up by the SHA-256 of its token; the token itself only sealed (encrypted
-- with the app's data key) so Settings can show the URL again. Rotating replaces the row.
CREATE TABLE "calendar_feeds" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL UNIQUE,
  "token_box" text NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now()
);

-- Schedule e-mail (new, changed and cancelled items, reminders): switched off on /settings or by a mail's unsubscribe.
ALTER TABLE "users" ADD COLUMN "reminder_email" boolean NOT NULL DEFAULT true;

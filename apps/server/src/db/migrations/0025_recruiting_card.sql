-- Recruiting cards: a user's card published at /a/{public_id} (128+ random bits). Off by default; the
-- link answers 404 while `published` is false. `fields` holds the ticks of what the card shows; the
-- chosen reel goes from the card when the reel is deleted.
CREATE TABLE "recruiting_cards" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "tenant_id" text NOT NULL REFERENCES "tenants"("id"),
  "public_id" text NOT NULL,
  "published" boolean NOT NULL DEFAULT false,
  "fields" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "reel_id" text REFERENCES "reels"("id") ON DELETE SET NULL,
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "recruiting_cards_public_id" ON "recruiting_cards" ("tenant_id", "public_id");

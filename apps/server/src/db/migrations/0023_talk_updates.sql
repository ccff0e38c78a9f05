-- How far the pruning of team_updates has gone: every id up to pruned_through may be gone, every id
-- above it is still kept. A stream resuming after an id below it gets `resync`; one at or above it
-- replays exactly (a gap left by a rolled-back id is not mistaken for pruning). One row.
CREATE TABLE "team_updates_horizon" (
  "only" boolean PRIMARY KEY DEFAULT true CHECK ("only"),
  "pruned_through" bigint NOT NULL
);
INSERT INTO "team_updates_horizon" ("pruned_through") VALUES (0);

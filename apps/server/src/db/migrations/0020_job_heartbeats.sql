-- Long jobs (a clip's cut, a reel's export) write a heartbeat here while they run; a job whose
-- heartbeat goes stale lost its worker and is retried at once instead of at pg-boss's expiry.
-- `attempt` tells a run from the retry that replaced it.
CREATE TABLE "job_heartbeats" (
  "job_id" uuid PRIMARY KEY,
  "queue" text NOT NULL,
  "attempt" uuid NOT NULL,
  "beat_at" timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX "job_heartbeats_beat_at_idx" ON "job_heartbeats" ("beat_at");

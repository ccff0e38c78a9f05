import type { z } from 'zod';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Storage } from '../storage/storage';
import type { Db } from '../db/client';

/** What a job handler may use; wired once in the runtime, never imported as a singleton. */
export interface JobContext {
  db: Db;
  storage: Storage;
  config: Config;
  log: Logger;
  /**
   * Aborted when the worker is shutting down or the job reaches its time limit (the queue's
   * `expireInSeconds`); long work (ffmpeg) must stop on it.
   */
  signal: AbortSignal;
  /** The pg-boss job being handled: `retryCount` is 0 on the first attempt and `retryLimit` on the last. */
  job: { id: string; retryCount: number; retryLimit: number };
  /** For jobs that look after other jobs (the transcode reaper). */
  queue: JobControl;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobControl {
  /** A job's state, retries and when its current run started (database clock), or null when it no longer exists (or was archived). */
  get(name: string, id: string): Promise<{ state: JobState; retryCount: number; retryLimit: number; startedOn: Date | null } | null>;
  /**
   * Fails a job as if its handler had thrown: pg-boss retries it (or fails it for good after its
   * last retry). `retryNow` skips the backoff delay, for a job whose worker died.
   */
  fail(name: string, id: string, error: { message: string }, options?: { retryNow?: boolean }): Promise<void>;
}

export interface JobDefinition<S extends z.ZodTypeAny> {
  payload: S;
  /** Queue options: retries with backoff and a time limit for every job of this type. */
  queue: Omit<PgBoss.Queue, 'name'>;
  /** Jobs of this type processed at once by one worker process (default 1). */
  concurrency?: number | ((config: Config) => number);
  /**
   * Long jobs: each run writes a heartbeat (job-heartbeat.ts), and the job reaper retries a run
   * whose worker died as soon as its heartbeat is stale, instead of at `expireInSeconds`.
   */
  heartbeat?: boolean;
  /** Cron expression (UTC) when the job also runs on a schedule; `runOnStart` also sends one when a worker starts. */
  schedule?: { cron: string; data: z.input<S>; runOnStart?: boolean };
  handle(data: z.output<S>, ctx: JobContext): Promise<void>;
}

export function defineJob<S extends z.ZodTypeAny>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

import type { z } from 'zod';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Storage } from '../storage/storage';
import type { Db } from '../db/client';

/** What a job handler may use; wired once in the runtime, never imported as a singleton. */
export interface JobContext {
  db: Db;
  storage: Storage;
  log: Logger;
  /** Aborted when the worker is shutting down; long work (ffmpeg) must stop on it. */
  signal: AbortSignal;
}

export interface JobDefinition<S extends z.ZodTypeAny> {
  payload: S;
  /** Queue options: retries with backoff and a time limit for every job of this type. */
  queue: Omit<PgBoss.Queue, 'name'>;
  /** Jobs of this type processed at once by one worker process. */
  concurrency?: number;
  /** Cron expression (UTC) when the job also runs on a schedule. */
  schedule?: { cron: string; data: z.input<S> };
  handle(data: z.output<S>, ctx: JobContext): Promise<void>;
}

export function defineJob<S extends z.ZodTypeAny>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

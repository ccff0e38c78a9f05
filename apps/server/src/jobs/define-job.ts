import type { z } from 'zod';
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { JobContext, WorkerContext } from '../job-context';

/** A job type: its payload, queue options and handler; `D` is what the handler is handed besides its context. */
export interface JobDefinition<S extends z.ZodTypeAny, D = void> {
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
  /**
   * What the handler needs of its module (its repositories), built once per worker process from what the
   * process shares and handed to every run, so handlers receive their repositories instead of building them.
   */
  deps?: (shared: WorkerContext) => D;
  handle(data: z.output<S>, ctx: JobContext, deps: D): Promise<void>;
}

export function defineJob<S extends z.ZodTypeAny, D = void>(definition: JobDefinition<S, D>): JobDefinition<S, D> {
  return definition;
}

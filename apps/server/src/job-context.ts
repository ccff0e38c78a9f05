import type { Logger } from 'pino';
import type { Config } from './config';
import type { Db } from './db/client';
import type { DomainEvents } from './domain-events';
import type { Storage } from './storage/storage';

/**
 * What a job handler may use; wired once in the runtime, never imported as a singleton. It sits beside
 * the lower layers, not in jobs/: module handlers take it and the jobs registry imports those handlers.
 */
export interface JobContext {
  db: Db;
  storage: Storage;
  /** Sends e-mail: the mail module's service, wired by the runtime (jobs render their own templates). */
  mail: JobMail;
  config: Config;
  /** The process's domain events: what a job announces, other modules hear in its transaction. */
  events: DomainEvents;
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

/** What every run of the process's job handlers shares (the context without the run's own parts). */
export type WorkerContext = Omit<JobContext, 'signal' | 'job' | 'queue'>;

/** An e-mail a job rendered, and what sends it. */
export interface JobMail {
  send(to: string, mail: { template: string; subject: string; text: string; html: string; headers?: Record<string, string> }): Promise<{ messageId: string }>;
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

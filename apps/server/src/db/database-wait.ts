import { setTimeout as sleep } from 'node:timers/promises';
import { isDatabaseUnavailable } from './database-unavailable';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 2000;

export interface DatabaseWaitOptions {
  /** Called once, when the first attempt found the database unavailable. */
  onWait?(err: unknown): void;
  /** Stop waiting (and throw the last error) after this long; waits as long as it takes without it. */
  patienceMs?: number;
  /** Stop waiting when aborted (the pause rejects with the abort reason). */
  signal?: AbortSignal;
}

/**
 * Runs `attempt` again, after 250 ms doubling up to 2 s, for as long as it fails because the database is
 * unavailable (down or restarting); any other error is thrown at once. For writes that must not be lost
 * to a database outage, as what was already stored elsewhere (a segment in Storage) would be orphaned,
 * and for work that waits for the database to be back.
 */
export async function untilDatabaseAnswers<T>(attempt: () => Promise<T>, options: DatabaseWaitOptions = {}): Promise<T> {
  const startedAt = Date.now();
  for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, MAX_RETRY_MS)) {
    try {
      return await attempt();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      if (options.patienceMs !== undefined && Date.now() - startedAt + delay > options.patienceMs) throw err;
      if (delay === FIRST_RETRY_MS) options.onWait?.(err);
      await sleep(delay, undefined, { signal: options.signal });
    }
  }
}

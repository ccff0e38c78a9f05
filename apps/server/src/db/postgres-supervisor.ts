import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';

/*
 * OOM kills and full disks take the embedded database down under a running app. Its pools and the
 * LISTEN connection reconnect on their own, so bringing the postmaster back on the same port is all
 * it takes to heal; when that fails, the caller is told, so it exits with the reason instead of
 * answering 503 forever.
 */
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 4_000;
/** How long it keeps trying: long enough for memory to be freed after an OOM kill, short enough to be noticed. */
const PATIENCE_MS = 30_000;

export interface SupervisorOptions {
  /**
   * Starts the postmaster again (same port and directory) and resolves once it accepts connections;
   * gives up early (rejects) when `halt` is aborted: `stop()` was called.
   */
  restart(halt: AbortSignal): Promise<ChildProcess>;
  log: Logger;
  /** Called once, with the last attempt's error, when every attempt failed. */
  onGiveUp(err: Error): void;
}

/** Restarts `first` whenever it exits without `stop()` having been called. */
export function supervisePostgres(first: ChildProcess, { restart, log, onGiveUp }: SupervisorOptions): { stop(): Promise<void> } {
  let current = first;
  const halt = new AbortController();
  const stopping = halt.signal;
  let restarting: Promise<void> | undefined;

  const bringBack = async () => {
    const since = Date.now();
    let delay = FIRST_DELAY_MS;
    let lastError = new Error('not attempted');
    for (let attempt = 1; !stopping.aborted; attempt++) {
      try {
        const child = await restart(stopping);
        if (stopping.aborted) return void (await stopChild(child));
        watch(child);
        log.warn({ attempt }, `the embedded PostgreSQL is back after ${Date.now() - since} ms`);
        return;
      } catch (err) {
        if (stopping.aborted) return;
        lastError = err as Error;
        log.warn({ err, attempt, retryInMs: delay }, 'the embedded PostgreSQL did not start again');
      }
      if (Date.now() + delay - since > PATIENCE_MS) break;
      await sleep(delay, undefined, { signal: stopping }).catch(() => undefined);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    }
    if (!stopping.aborted) onGiveUp(lastError);
  };

  const watch = (child: ChildProcess) => {
    current = child;
    child.once('exit', (code, signal) => {
      if (stopping.aborted) return;
      log.error({ code, signal }, `the embedded PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}); restarting it`);
      restarting = bringBack().finally(() => (restarting = undefined));
    });
  };
  watch(first);

  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= (async () => {
        halt.abort();
        // An attempt under way gives up, or stops what it started itself.
        await restarting;
        await stopChild(current);
      })();
      return stopped;
    },
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    // SIGINT = "fast" shutdown: aborts open transactions, checkpoints, exits cleanly.
    child.kill('SIGINT');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { AppError } from '../errors';
import type { z } from 'zod';
import type { JobContext, JobControl } from '../job-context';
import type { JobDefinition } from './define-job';
import { startJobHeartbeat, type JobHeartbeat } from './job-heartbeat';
import { rerunAfterOutage } from './rerun-after-outage';
import { jobRegistry, type JobName, type JobPayload } from '../job-registry';

export interface JobQueue {
  /** Sends a job; outside a transaction (no `options.db`) this process's idle workers of the queue look at once. */
  send<N extends JobName>(name: N, data: JobPayload<N>, options?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Makes this process's idle workers of `name` look for jobs now instead of at their next poll:
   * call it after committing a transaction that sent one (a video is playable a second sooner).
   */
  wake(name: JobName): void;
  /** Starts the handlers of every registered job in this process. */
  startWorkers(ctx: Omit<JobContext, 'signal' | 'job' | 'queue'>): Promise<void>;
  /** Job state and failing, as handlers see it (JobContext.queue). */
  control: JobControl;
  isRunning(): boolean;
  stop(): Promise<void>;
}

/** Four beats within the staleness bound, at most every 15 s, like the transcode's own heartbeat. */
const heartbeatMs = (staleAfterSec: number) => Math.max(500, Math.min(15_000, (staleAfterSec * 1000) / 4));

/** pg-boss keeps its queue in our PostgreSQL, so any number of web and worker nodes share it. */
export async function startJobQueue(connectionString: string, log: Logger): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString,
    max: 4,
    application_name: 'teamfilm-jobs',
    // A minute's cron jobs (the transcode reaper among them) go out within ~10 s of the minute instead
    // of ~35 s (defaults 30 and 5): one cheap UPDATE per node every 10 s and one poll a second.
    cronMonitorIntervalSeconds: 10,
    cronWorkerIntervalSeconds: 1,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  for (const [name, def] of Object.entries(jobRegistry)) {
    await boss.createQueue(name, { name, ...def.queue });
    if (def.schedule) await boss.schedule(name, def.schedule.cron, def.schedule.data);
  }
  let running = true;
  const abort = new AbortController();
  const workerIds = new Map<JobName, string[]>();
  const wake = (name: JobName) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  };
  const queue: JobControl = {
    async get(name, id) {
      const job = await boss.getJobById(name, id);
      return job ? { state: job.state, retryCount: job.retryCount, retryLimit: job.retryLimit, startedOn: job.startedOn ?? null } : null;
    },
    async fail(name, id, error, options = {}) {
      await boss.fail(name, id, { message: error.message });
      // pg-boss has no option for this; its retry time lives in job.start_after (pg-boss 10 schema).
      if (options.retryNow) {
        await boss.getDb().executeSql(`UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND id = $2 AND state = 'retry'`, [name, id]);
      }
    },
  };

  return {
    async send(name, data, options = {}) {
      const parsed = jobRegistry[name].payload.safeParse(data);
      if (!parsed.success) throw new AppError('INTERNAL', `Invalid payload for job ${name}: ${parsed.error.message}`);
      const id = await boss.send(name, parsed.data as object, options);
      if (!options.db) wake(name);
      return id;
    },
    wake,
    async startWorkers(ctx) {
      // Typed loosely here: each definition parses its own payload before its handler sees it.
      for (const [name, def] of Object.entries(jobRegistry) as [JobName, JobDefinition<z.ZodTypeAny>][]) {
        const concurrency = typeof def.concurrency === 'function' ? def.concurrency(ctx.config) : (def.concurrency ?? 1);
        for (let i = 0; i < concurrency; i++) {
          const workerId = await boss.work(name, { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true }, async ([job]) => {
            if (!job) return;
            const jobLog = ctx.log.child({ job: name, jobId: job.id });
            const data = def.payload.parse(job.data);
            // pg-boss gives up on a handler at expireInSeconds but cannot stop it; this signal does.
            const jobAbort = new AbortController();
            const onStop = () => jobAbort.abort(new Error('worker shutting down'));
            abort.signal.addEventListener('abort', onStop, { once: true });
            if (abort.signal.aborted) onStop();
            const limit = setTimeout(() => jobAbort.abort(new Error(`time limit of ${job.expireInSeconds} s reached`)), job.expireInSeconds * 1000);
            let beat: JobHeartbeat | null = null;
            try {
              if (def.heartbeat) beat = await startJobHeartbeat(ctx.db, name, job.id, heartbeatMs(ctx.config.transcode.staleAfterSec), jobLog);
              const run = () =>
                def.handle(data, {
                  ...ctx,
                  log: jobLog,
                  signal: jobAbort.signal,
                  job: { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit },
                  queue,
                });
              await rerunAfterOutage(run, ctx.db, jobAbort.signal, jobLog);
            } finally {
              await beat?.stop();
              clearTimeout(limit);
              abort.signal.removeEventListener('abort', onStop);
            }
          });
          workerIds.set(name, [...(workerIds.get(name) ?? []), workerId]);
        }
        if (def.schedule?.runOnStart) await boss.send(name, def.schedule.data as object);
      }
    },
    control: queue,
    isRunning: () => running,
    async stop() {
      if (!running) return;
      running = false;
      abort.abort();
      // graceful: active jobs get time to finish (or to observe the abort) before the pool closes.
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
}

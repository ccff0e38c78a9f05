import { param, sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Executor } from '../db/job-transaction';
import { createNotificationListener, type NotificationListener } from '../db/notification-listener';
import { AppError } from '../errors';
import type { JobControl, WorkerContext } from '../job-context';
import type { JobDefinition } from './define-job';
import { startJobHeartbeat, type JobHeartbeat } from './job-heartbeat';
import { rerunAfterOutage } from './rerun-after-outage';

/** Every job type by its pg-boss queue name; the composition root hands its registry to `startJobQueue`. */
export type JobRegistry = Record<string, JobDefinition<z.ZodTypeAny, unknown>>;

/**
 * The composition root's registry, declared there by augmentation (`declare module './jobs/job-queue'
 * { interface RegisteredJobs { registry: typeof jobRegistry } }`), so the job names and payloads are
 * typed everywhere while jobs/ never imports the registry or a module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by augmentation
export interface RegisteredJobs {}
type Registry = RegisteredJobs extends { registry: infer R extends JobRegistry } ? R : JobRegistry;
export type JobName = keyof Registry & string;
export type JobPayload<N extends JobName> = z.input<Registry[N]['payload']>;
/** How a job is queued: pg-boss's options, but never through another connection (in a transaction: `sendJobIn`). */
export type SendOptions = Omit<PgBoss.SendOptions, 'db'>;

/** The writer's transaction (or the pool) a job is queued through: it exists exactly when the rows written beside it do. */
export type JobWriter = Pick<Executor, 'execute'>;

export interface JobQueue {
  /** Sends a job (its payload checked against its definition); this process's idle workers of the queue look at once. */
  send<N extends JobName>(name: N, data: JobPayload<N>, options?: SendOptions): Promise<string | null>;
  /** Makes this process's idle workers of `name` look for jobs now instead of at their next poll. */
  wake(name: JobName): void;
  /** Starts the handlers of every registered job in this process. */
  startWorkers(ctx: WorkerContext): Promise<void>;
  /** Job state and failing, as handlers see it (JobContext.queue). */
  control: JobControl;
  isRunning(): boolean;
  stop(): Promise<void>;
}

/** NOTIFYed in the transaction that queued a job, with the job's name: PostgreSQL delivers it on commit only. */
const JOB_SENT_CHANNEL = 'teamfilm_job_sent';

/** pg-boss's `$1`-style statement as drizzle SQL with bound parameters, so it runs on the writer's connection. */
function bound(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${param(values[Number(part) - 1] ?? null)}`)));
}

/** pg-boss's executor over a drizzle transaction (its documented `db` option). */
const throughWriter = (tx: JobWriter): PgBoss.Db => ({ executeSql: async (text, values) => ({ rows: (await tx.execute(bound(text, values))).rows }) });

function checked(registry: JobRegistry, name: string, data: unknown): object {
  const parsed = registry[name]?.payload.safeParse(data);
  if (!parsed) throw new AppError('INTERNAL', `Unknown job ${name}`);
  if (!parsed.success) throw new AppError('INTERNAL', `Invalid payload for job ${name}: ${parsed.error.message}`);
  return parsed.data as object;
}

/**
 * The process's started queues, for `sendJobIn`: writers deep inside a transaction (a notification in a
 * board post's) hold the transaction, not the queue. The insert runs on the transaction's connection, so
 * any running queue of the process serves (tests run two runtimes, a web node and a worker node, in one).
 */
const started: { registry: JobRegistry; boss: PgBoss }[] = [];

/**
 * Queues a job in the writer's transaction: it exists exactly when the rows written beside it do, and
 * its payload is checked like every send. pg-boss's own statement runs on the transaction's connection
 * (its documented `db` option). After the commit (never on a rollback) the idle workers of its queue,
 * on this node and the others, look at once: they hear the commit's NOTIFY. The one way to queue a job
 * in a transaction. `startAfter`: seconds from now, or a time.
 */
export async function sendJobIn<N extends JobName>(tx: JobWriter, name: N, data: JobPayload<N>, options: SendOptions = {}): Promise<string | null> {
  const inTransaction = started.at(-1);
  if (!inTransaction) throw new Error(`job ${name} was sent before the job queue started`);
  // As a time: pg-boss's statement reads a number of seconds through a parameter it also casts to a
  // timestamp, which PostgreSQL refuses once the parameters are bound one by one (`bound`).
  const startAfter = typeof options.startAfter === 'number' ? new Date(Date.now() + options.startAfter * 1000) : options.startAfter;
  const id = await inTransaction.boss.send(name, checked(inTransaction.registry, name, data), { ...options, startAfter, db: throughWriter(tx) });
  await tx.execute(sql`SELECT pg_notify(${JOB_SENT_CHANNEL}, ${name})`);
  return id;
}

/** Four beats within the staleness bound, at most every 15 s, like the transcode's own heartbeat. */
const heartbeatMs = (staleAfterSec: number) => Math.max(500, Math.min(15_000, (staleAfterSec * 1000) / 4));

/**
 * pg-boss keeps its queue in our PostgreSQL, so any number of web and worker nodes share it. The queue
 * knows no job of its own: `registry` (the composition root's) names every job and its handler.
 */
export async function startJobQueue(connectionString: string, registry: Registry, log: Logger): Promise<JobQueue> {
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
  const entry = { registry, boss };
  started.push(entry);
  for (const [name, def] of Object.entries(registry as JobRegistry)) {
    await boss.createQueue(name, { name, ...def.queue });
    if (def.schedule) await boss.schedule(name, def.schedule.cron, def.schedule.data);
  }
  let running = true;
  const abort = new AbortController();
  const workerIds = new Map<string, string[]>();
  const wake = (name: string) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  };
  let sentJobs: NotificationListener | null = null;
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
      const id = await boss.send(name, checked(registry, name, data), options);
      wake(name);
      return id;
    },
    wake,
    async startWorkers(ctx) {
      sentJobs ??= createNotificationListener({ connectionString }, [JOB_SENT_CHANNEL], log);
      sentJobs.on(JOB_SENT_CHANNEL, wake);
      // Typed loosely here: each definition parses its own payload before its handler sees it.
      for (const [name, def] of Object.entries(registry as JobRegistry)) {
        const concurrency = typeof def.concurrency === 'function' ? def.concurrency(ctx.config) : (def.concurrency ?? 1);
        const deps = def.deps?.(ctx);
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
                }, deps);
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
      started.splice(started.indexOf(entry), 1);
      running = false;
      abort.abort();
      await sentJobs?.close();
      // graceful: active jobs get time to finish (or to observe the abort) before the pool closes.
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
}

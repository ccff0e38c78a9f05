import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { AppError } from '../errors';
import type { JobContext } from './define-job';
import { jobRegistry, type JobName, type JobPayload } from './registry';

export interface JobQueue {
  send<N extends JobName>(name: N, data: JobPayload<N>, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Starts the handlers of every registered job in this process. */
  startWorkers(ctx: Omit<JobContext, 'signal'>): Promise<void>;
  isRunning(): boolean;
  stop(): Promise<void>;
}

/** pg-boss keeps its queue in our PostgreSQL, so any number of web and worker nodes share it. */
export async function startJobQueue(connectionString: string, log: Logger): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString, max: 4, application_name: 'teamfilm-jobs' });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  for (const [name, def] of Object.entries(jobRegistry)) {
    await boss.createQueue(name, { name, ...def.queue });
    if (def.schedule) await boss.schedule(name, def.schedule.cron, def.schedule.data);
  }
  let running = true;
  const abort = new AbortController();

  return {
    async send(name, data, options = {}) {
      const parsed = jobRegistry[name].payload.safeParse(data);
      if (!parsed.success) throw new AppError('INTERNAL', `Invalid payload for job ${name}: ${parsed.error.message}`);
      return boss.send(name, parsed.data as object, options);
    },
    async startWorkers(ctx) {
      for (const [name, def] of Object.entries(jobRegistry)) {
        const concurrency = def.concurrency ?? 1;
        for (let i = 0; i < concurrency; i++) {
          await boss.work(name, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
            if (!job) return;
            const jobLog = ctx.log.child({ job: name, jobId: job.id });
            const data = def.payload.parse(job.data);
            await def.handle(data, { ...ctx, log: jobLog, signal: abort.signal });
          });
        }
      }
    },
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

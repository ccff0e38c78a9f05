import type { Logger } from 'pino';
import { childLifetime } from '@app/media/parent-death';
import type { Config } from './config';
import { createDb, type Db } from './db/client';
import { runMigrations } from './db/migrate';
import { jobRegistry } from './job-registry';
import { startJobQueue, type JobQueue } from './jobs/job-queue';
import { createDomainEvents, type DomainEvents } from './domain-events';
import { subscribeClips } from './modules/clips/clips.module';
import type { ClipReels } from './modules/clips/clips.service';
import { createIdentity, type Identity } from './modules/identity/identity';
import { createMail, type MailRuntime } from './modules/mail/create-mail';
import { subscribeTalk } from './modules/talk/talk-subscriptions';
import { createOutbound, type Outbound } from './modules/identity/passwordless.service';
import { buildClipReels } from './modules/reels/reels.module';
import { subscribeReels } from './modules/reels/reel-subscriptions';
import { subscribeSchedule } from './modules/schedule/schedule.module';
import { subscribeUsers } from './modules/users/users.module';
import { rootSecret } from './signed-token';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';

/** Everything the app and the workers share, created once per process (or per test file). */
export interface Runtime {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  identity: Identity;
  mail: MailRuntime;
  /** What modules announce to each other, in the announcer's transaction (domain-events.ts). */
  events: DomainEvents;
  /** Sign-in links and codes go out after the answer; `settled()` waits for them. */
  outbound: Outbound;
  /** The reels module's side of each clip: the clips module's routes and its subscriptions share this one. */
  clipReels: ClipReels;
  close(): Promise<void>;
}

export async function startRuntime(config: Config, databaseUrl: string, log: Logger): Promise<Runtime> {
  await warnIfChildrenMayOutliveUs(log);
  const db = createDb(databaseUrl);
  try {
    await runMigrations(db);
    // createMail names its own components (mail, sms).
    const mail = createMail(config, log);
    const identity = createIdentity(db, config);
    await identity.prepare();
    await identity.tenants.ensureConfigured();
    const storage = await buildStorage(config, db);
    const events = createDomainEvents();
    const clipReels = buildClipReels({ db, storage });
    // What modules hear of each other, subscribed once per process, before the workers start: the app and
    // the job workers share them (a job's announcements, a video ready, an avatar processed, are heard from its first run).
    subscribeTalk(events);
    subscribeClips(events, { db, reels: clipReels });
    subscribeSchedule(events, { db, config });
    subscribeUsers(events);
    subscribeReels(events, { db, storage });
    const jobs = await startJobQueue(databaseUrl, jobRegistry, log);
    if (config.workers > 0) await jobs.startWorkers({ db, storage, mail: mail.mail, config, events, log: log.child({ component: 'worker' }) });
    return {
      db,
      storage,
      jobs,
      identity,
      mail,
      events,
      outbound: createOutbound({ identity, config, log: log.child({ component: 'identity' }) }),
      clipReels,
      async close() {
        await jobs.stop();
        await mail.close();
        await db.$client.end();
      },
    };
  } catch (err) {
    await db.$client.end().catch(() => undefined);
    throw err;
  }
}

/** Web nodes (test videos) and workers (transcodes) both run ffmpeg. */
async function warnIfChildrenMayOutliveUs(log: Logger): Promise<void> {
  if ((await childLifetime()) === 'parent-death-signal') return;
  log.warn(
    process.platform === 'linux'
      ? 'setpriv (util-linux) was not found: if this process is killed outright (kill -9, out of memory), its ffmpeg processes run on to the end of their encode; install util-linux'
      : 'if this process is killed outright (kill -9, out of memory), its ffmpeg processes run on to the end of their encode (only Linux can tie them to this process)',
  );
}

async function buildStorage(config: Config, db: Db): Promise<Storage> {
  const s = config.storage;
  if (s.driver === 's3') return createStorage(s);
  // STORAGE_SECRET, when set, is the storage URLs' own root; else the one root of every signed token.
  const secret = s.secret ?? (await rootSecret(db));
  return createStorage({ driver: 'local', root: s.root, publicBaseUrl: config.publicUrl, secret });
}

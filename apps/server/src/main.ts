import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { build } from './app';
import { loadConfig, type Config } from './config';
import { ConfigError } from './config-error';
import { ensureWritableDataDir } from './data-dir';
import { isDatabaseUnavailable } from './db/database-unavailable';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres';
import { createLogger } from './logger';
import { createCheerClips } from './modules/clips/clips.module';
import { autoHighlights } from './modules/live/auto-highlights';
import type { LiveIngestSlot } from './modules/live/browser-publish.service';
import type { Ingest } from './modules/live/ingest/ingest.service';
import { startLiveIngest } from './modules/live/live.module';
import { startRuntime, type Runtime } from './runtime';

const here = path.dirname(fileURLToPath(import.meta.url));
/** dist/main.js sits in apps/server/dist; the web build in apps/web/dist. */
const defaultWebDist = path.resolve(here, '../../web/dist');

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig(process.env, { webDist: process.env.WEB_DIST ?? defaultWebDist });
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const log = createLogger(config);
  let database: EmbeddedPostgres | undefined;
  let runtime: Runtime | undefined;
  let app: FastifyInstance | undefined;
  let ingest: Ingest | undefined;

  let shuttingDown: Promise<void> | undefined;
  // Reverse order of start: stop taking requests and publishes (live events end with their last segment
  // stored), let jobs finish or abort, close the pool, then the database.
  const shutdown = (reason: string, code = 0) => {
    shuttingDown ??= (async () => {
      log.info({ reason }, 'shutting down');
      await app?.close().catch((err) => log.error({ err }, 'error closing HTTP server'));
      await ingest?.close().catch((err) => log.error({ err }, 'error stopping live ingest'));
      await runtime?.close().catch((err) => log.error({ err }, 'error stopping workers'));
      await database?.stop().catch((err) => log.error({ err }, 'error stopping PostgreSQL'));
      log.info('stopped');
      process.exit(code);
    })();
    return shuttingDown;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (shuttingDown) {
        process.stderr.write('Forced exit.\n');
        process.exit(130);
      }
      void shutdown(signal);
    });
  }
  process.on('uncaughtException', (err) => {
    log.fatal({ err }, 'uncaught exception');
    void shutdown('uncaughtException', 1);
  });
  process.on('unhandledRejection', (err) => {
    // pg-boss records a finished job's outcome without awaiting it, so during a database outage that call
    // rejects with no one to catch it: no reason to stop. The job stays active until it expires or the
    // transcode reaper retries it, and jobs are idempotent.
    if (isDatabaseUnavailable(err)) return void log.error({ err }, 'a background database call failed during an outage');
    log.fatal({ err }, 'unhandled rejection');
    void shutdown('unhandledRejection', 1);
  });

  // Serving 503s forever helps no one: exit with the reason, so the user (or a service manager) sees it.
  const onGiveUp = (err: Error) => {
    log.fatal({ err }, 'the embedded PostgreSQL could not be restarted');
    process.stderr.write(`\n${err.message}\n\n`);
    void shutdown('the embedded PostgreSQL could not be restarted', 1);
  };

  let listening: 'PORT' | 'RTMP_PORT' = 'PORT';
  try {
    await ensureWritableDataDir(config.dataDir);
    const databaseUrl = config.databaseUrl ?? (database = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), log, 'app', { onGiveUp })).url;
    runtime = await startRuntime(config, databaseUrl, log);
    const liveIngest: LiveIngestSlot = {};
    app = await build(config, runtime, { logger: log, liveIngest });
    await app.listen({ port: config.port, host: config.host });
    if (config.ingest) {
      listening = 'RTMP_PORT';
      const { db, storage } = runtime;
      // Each publish the ingest takes: its audio is analysed for cheers, and the clips module clips each one.
      const onPublish = autoHighlights({
        db,
        log: log.child({ component: 'auto-highlights' }),
        onCheer: createCheerClips({ db, storage, dataDir: config.dataDir, reels: runtime.clipReels }),
      });
      ingest = await startLiveIngest({ db, storage, events: runtime.events, log, port: config.rtmpPort, host: config.host, dataDir: config.dataDir, onPublish });
      liveIngest.current = { host: config.host, port: ingest.port };
    }
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const portNumber = listening === 'PORT' ? config.port : config.rtmpPort;
    const message =
      e.code === 'EADDRINUSE'
        ? `Port ${portNumber} is already in use. Stop the other program or set ${listening} to a free port${listening === 'RTMP_PORT' ? ' (INGEST=0 on a node that takes no live streams)' : ''}.`
        : e.code === 'EACCES' && (e as { syscall?: string }).syscall === 'listen'
          ? `Not allowed to listen on port ${portNumber}. Set ${listening} to a port above 1023.`
          : e.message;
    log.error({ err }, 'start-up failed');
    process.stderr.write(`\n${message}\n\n`);
    await shutdown('start-up failed', 1);
    return;
  }
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  process.stdout.write(`\n  Teamfilm is ready: ${url}\n  (public URL ${config.publicUrl}; data in ${config.dataDir}; Ctrl-C to stop)\n\n`);
}

void main();

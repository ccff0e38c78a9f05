import { loadConfig } from './config';
import { ConfigError } from './config-error';
import { isDatabaseUnavailable } from './db/database-unavailable';
import { createLogger } from './logger';
import { startRuntime } from './runtime';

/** A media node at scale: `WORKERS=0` on web nodes, `node apps/server/dist/worker.js` here (needs DATABASE_URL). */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  if (!config.databaseUrl) {
    process.stderr.write('A separate worker needs DATABASE_URL pointing at the same PostgreSQL as the web nodes.\n');
    process.exit(1);
  }
  // The runtime names the component of each logger it hands out; binding one here too would repeat
  // the key in every line (pino appends child bindings, it never replaces them).
  const log = createLogger(config);
  // As in main.ts: pg-boss's unawaited job bookkeeping failing during a database outage is no reason to stop.
  process.on('unhandledRejection', (err) => {
    if (!isDatabaseUnavailable(err)) throw err;
    log.error({ err }, 'a background database call failed during an outage');
  });
  const runtime = await startRuntime({ ...config, workers: Math.max(1, config.workers) }, config.databaseUrl, log);
  log.child({ component: 'worker' }).info('worker started');
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (stopping) process.exit(130);
      stopping = true;
      await runtime.close();
      process.exit(0);
    });
  }
}

void main();

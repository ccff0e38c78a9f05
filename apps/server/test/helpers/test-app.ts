import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { build, type BuildOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { LiveIngestSlot } from '../../src/modules/live/browser-publish.service';
import { startRuntime } from '../../src/runtime';
import { createTestDatabase } from './test-db';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The real app on a fresh data directory and a fresh database of the test cluster, or on the database
 * `env.DATABASE_URL` names (left as it is on close); `env` is what the server would read.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Pick<Config, 'webDist'>> = {},
  buildOptions: Pick<BuildOptions, 'onRoute'> = {},
) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }, overrides);
  const database = config.databaseUrl ? { url: config.databaseUrl, drop: async () => undefined } : await createTestDatabase();
  const runtime = await startRuntime(config, database.url, pino({ level: 'silent' }));
  // Tests that start an ingest point it here, so browsers can publish to it.
  const liveIngest: LiveIngestSlot = {};
  const app = await build(config, runtime, { liveIngest, ...buildOptions });
  return {
    app,
    liveIngest,
    runtime,
    config,
    databaseUrl: database.url,
    async close() {
      await app.close();
      await runtime.close();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

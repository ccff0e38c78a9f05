import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run (TEST_DATABASE_URL to use a server instead); every test file
 * creates its own database on it, so files never see each other's rows.
 */
export default async function setup(project: TestProject) {
  // The lifecycle tests start the built server exactly as `npm start` does.
  // @ts-expect-error plain .mjs build script without type declarations
  const { buildServer } = await import('../../../../scripts/lib/ensure-build.mjs');
  await buildServer();
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-testdb-'));
  const pg = await startEmbeddedPostgres(path.join(dir, 'postgres'), pino({ level: 'warn' }), 'postgres');
  project.provide('pgAdminUrl', pg.url);
  return async () => {
    await pg.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}

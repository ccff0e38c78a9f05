import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded-postgres';

export interface SeparatePostgres {
  /** The same URL across stops and starts: the app's pools keep pointing at it. */
  url: string;
  /** A clean stop, as an operator's restart of a database server. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  close(): Promise<void>;
}

/**
 * A PostgreSQL server of its own (the embedded binaries, a second cluster) that a test may stop and
 * start under a running app, as a separate database server goes away and comes back.
 */
export async function separatePostgres(): Promise<SeparatePostgres> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-separate-pg-'));
  const dir = path.join(home, 'postgres');
  const log = pino({ level: 'warn' });
  let server: EmbeddedPostgres | undefined = await startEmbeddedPostgres(dir, log, 'app');
  const { url, port } = server;
  return {
    url,
    async stop() {
      await server?.stop();
      server = undefined;
    },
    async start() {
      server ??= await startEmbeddedPostgres(dir, log, 'app', { port });
    },
    async close() {
      await server?.stop();
      server = undefined;
      await fs.rm(home, { recursive: true, force: true });
    },
  };
}

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, processesMentioning, startServer, waitForOutput } from '../../apps/server/test/helpers/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    dataDir: string;
    rtmpPort: number;
  }
}

/** Builds the app if its sources changed and starts it exactly as `npm start` would, on a throw-away DATA_DIR. */
export default async function setup(project: TestProject) {
  // @ts-expect-error plain .mjs build script without type declarations
  const { ensureBuilt } = await import('../../scripts/lib/ensure-build.mjs');
  // @ts-expect-error plain .mjs script without type declarations
  const { ensureChromium } = await import('../../scripts/lib/chromium.mjs');
  await ensureBuilt();
  const chromiumPath: string = ensureChromium();

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-e2e-'));
  const port = await freePort();
  const rtmpPort = await freePort();
  // Every journey signs up and in from the same loopback address within a minute or two; the
  // per-IP limits (tested on their own in the server tests) would otherwise fail them at random.
  const server = startServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    AUTH_RATE_LIMIT: '500',
    MAIL_RATE_LIMIT: '200',
    // The live journeys publish over RTMP; a free port, so parallel runs on one machine do not collide.
    INGEST: '1',
    RTMP_PORT: String(rtmpPort),
  });
  await waitForOutput(server, /Teamfilm is ready/, 180_000);

  project.provide('baseUrl', `http://localhost:${port}`);
  project.provide('chromiumPath', chromiumPath);
  project.provide('dataDir', dataDir);
  project.provide('rtmpPort', rtmpPort);

  return async () => {
    process.kill(-server.child.pid!, 'SIGINT');
    await server.exited;
    for (const pid of processesMentioning(dataDir)) process.kill(pid, 'SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}

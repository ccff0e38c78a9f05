import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, waitForOutput, type ServerProcess } from '../helpers/server-process';
import { createTestDatabase } from '../helpers/test-db';
import { publish } from './ingest-helpers';

/* `npm start` (the built dist/main.js) takes RTMP publishes beside HTTP, and stops both on SIGTERM. */
let server: ServerProcess | undefined;
const cleanup: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) process.kill(-server.child.pid!, 'SIGKILL');
  for (const step of cleanup.reverse()) await step();
});

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('npm start with live ingest', () => {
  it('listens on RTMP_PORT, refuses an unknown key, and shuts down cleanly on SIGTERM', async () => {
    const database = await createTestDatabase();
    cleanup.push(() => database.drop());
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-ingest-'));
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const rtmpPort = await freePort();
    server = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: database.url, INGEST: '1', RTMP_PORT: String(rtmpPort) });
    await waitForOutput(server, /Teamfilm is ready/, 120_000);
    expect(await accepts(rtmpPort)).toBe(true);

    expect(await publish(rtmpPort, 'not-a-key', { seconds: 5 }).exited).not.toBe(0);

    process.kill(server.child.pid!, 'SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/Forced exit/);
    expect(await accepts(rtmpPort)).toBe(false);
  });
});

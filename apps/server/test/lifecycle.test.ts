import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, processesMentioning, startServer, waitForOutput, waitUntil, type ServerProcess } from './helpers/server-process';

/*
 * The real start-up path (`apps/server/dist/main.js`, built by the global setup) with its own
 * embedded PostgreSQL: what a user gets from `npm start`.
 */
let dataDir: string;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-life-'));
});
afterAll(async () => {
  const kill = (pid: number) => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  for (const s of running) if (s.child.exitCode === null && s.child.signalCode === null) kill(-s.child.pid!);
  for (const pid of processesMentioning(dataDir)) kill(pid);
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}) {
  const port = await freePort();
  const server = startServer({ DATA_DIR: dataDir, PORT: String(port), ...env });
  running.push(server);
  return { server, port };
}

async function health(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  return { status: res.status, body: await res.json() };
}

const postgresOf = () => processesMentioning(path.join(dataDir, 'postgres'));

describe('npm start lifecycle', () => {
  it('starts on a fresh data directory, prints the URL and is healthy', async () => {
    const { server, port } = await start();
    await waitForOutput(server, /Teamfilm is ready: http:\/\/localhost:\d+/, 120_000);
    expect(await health(port)).toEqual({ status: 200, body: { ok: true } });
    expect(postgresOf().length).toBeGreaterThan(0);

    // Ctrl-C: the terminal signals the whole foreground process group.
    process.kill(-server.child.pid!, 'SIGINT');
    expect(await server.exited).toBe(0);
    expect(await waitUntil(() => postgresOf().length === 0)).toBe(true);
  });

  it('reuses the data on a second start', async () => {
    const credentials = await fs.readFile(path.join(dataDir, '.postgres-credentials.json'), 'utf8');
    const { server, port } = await start({ LOG_LEVEL: 'info' });
    await waitForOutput(server, /Teamfilm is ready/);
    expect(server.output()).not.toContain('initialising embedded PostgreSQL cluster');
    expect(await fs.readFile(path.join(dataDir, '.postgres-credentials.json'), 'utf8')).toBe(credentials);
    expect((await health(port)).status).toBe(200);
    process.kill(server.child.pid!, 'SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await waitUntil(() => postgresOf().length === 0)).toBe(true);
  });

  it('recovers after kill -9 of the whole process group', async () => {
    const first = await start();
    await waitForOutput(first.server, /Teamfilm is ready/);
    process.kill(-first.server.child.pid!, 'SIGKILL');
    await first.server.exited;

    const { server, port } = await start();
    await waitForOutput(server, /Teamfilm is ready/);
    expect((await health(port)).status).toBe(200);
    process.kill(-server.child.pid!, 'SIGINT');
    expect(await server.exited).toBe(0);
    expect(await waitUntil(() => postgresOf().length === 0)).toBe(true);
  });

  it('recovers when only the node process was killed and PostgreSQL lingered', async () => {
    const first = await start();
    await waitForOutput(first.server, /Teamfilm is ready/);
    process.kill(first.server.child.pid!, 'SIGKILL');
    await first.server.exited;

    const { server, port } = await start();
    await waitForOutput(server, /Teamfilm is ready/);
    expect((await health(port)).status).toBe(200);
    process.kill(-server.child.pid!, 'SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('names the port when it is already in use, and leaves nothing running', async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as net.AddressInfo).port)));
    try {
      const server = startServer({ DATA_DIR: dataDir, PORT: String(port) });
      running.push(server);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Port ${port} is already in use`);
      expect(await waitUntil(() => postgresOf().length === 0)).toBe(true);
    } finally {
      blocker.close();
    }
  });

  it('names a DATA_DIR that is not writable', async () => {
    const file = path.join(dataDir, 'not-a-directory');
    await fs.writeFile(file, 'x');
    const server = startServer({ DATA_DIR: path.join(file, 'data'), PORT: String(await freePort()) });
    running.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`DATA_DIR '${path.join(file, 'data')}' is not writable`);
  });

  it('names a bad environment variable', async () => {
    const server = startServer({ DATA_DIR: dataDir, PORT: 'eighty' });
    running.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("PORT must be a number (got 'eighty')");
  });
});

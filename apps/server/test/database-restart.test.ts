import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { cachedTestClip } from '../../../packages/media/test/helpers/fixture-cache';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { strongPassword } from './identity/helpers';
import { embeddedDatabaseUrl } from './helpers/embedded-cluster';
import { childrenNamed, processesMentioning, startServer, waitForOutput, type ServerProcess } from './helpers/server-process';

/*
 * `npm start` (the real `main.js`) with its embedded PostgreSQL killed outright under it, as the kernel's
 * OOM killer does: the same process must bring the database back and serve again, or exit with the reason.
 */
const servers: ServerProcess[] = [];

afterAll(async () => {
  const kill = (pid: number) => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  for (const { child } of servers) if (child.exitCode === null && child.signalCode === null) kill(-child.pid!);
  for (const dir of dataDirs) {
    for (const pid of processesMentioning(dir)) kill(pid);
    await fs.rm(dir, { recursive: true, force: true });
  }
});

const dataDirs: string[] = [];
async function dataDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-pg-restart-'));
  dataDirs.push(dir);
  return dir;
}

async function startApp() {
  const dir = await dataDir();
  // PORT=0: the system picks a free port (a port picked here first could be taken by another test's server meanwhile).
  const server = startServer({ DATA_DIR: dir, PORT: '0' });
  servers.push(server);
  onTestFailed(() => void process.stderr.write(`main.js output:\n${server.output()}\n`));
  await waitForOutput(server, /Teamfilm is ready/, 120_000);
  const port = Number(/Teamfilm is ready: http:\/\/localhost:(\d+)/.exec(server.output())![1]);
  return { server, port, dir, postgresDir: path.join(dir, 'postgres') };
}

/** The postmaster's pid: only it keeps our marker in its command line (its children rename themselves). */
function postmasterOf(postgresDir: string): number | undefined {
  return processesMentioning(`teamfilm.data_directory=${postgresDir}`)[0];
}

/** Waits until `check` holds, looking again each 100 ms; throws with `what` when it never does. */
async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function api(port: number, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: () => JSON.parse(text) as Record<string, unknown>, text };
}

const healthStatus = async (port: number) => (await api(port, 'GET', '/api/health')).status;

/** Signs up a team account over HTTP; returns its access token. */
async function signUp(port: number, username: string): Promise<string> {
  const created = await api(port, 'POST', '/v0/tenants/demo/auth/create', undefined, { email: `${username}@example.com`, username, password: strongPassword });
  expect(created.status, created.text).toBe(201);
  const token = (created.json().tokens as { access: { value: string } }).access.value;
  const registered = await api(port, 'POST', '/api/user/me', token, { username, type: 'team', firstname: 'Casey', lastname: 'Coach' });
  expect(registered.status, registered.text).toBe(200);
  return token;
}

async function signIn(port: number, username: string) {
  return api(port, 'POST', '/v0/tenants/demo/auth/basic', undefined, { emailOrUsername: username, password: strongPassword });
}

/**
 * A connection of our own whose server process we stop (SIGSTOP): a backend that lives on after the
 * postmaster is killed holds its shared memory, and PostgreSQL may not start again until it is gone.
 * That keeps the database down, without timing, until `release()`.
 */
async function stalledBackend(dir: string) {
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dir) });
  client.on('error', () => undefined);
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const pid = rows[0]!.pid;
  process.kill(pid, 'SIGSTOP');
  return {
    release() {
      process.kill(pid, 'SIGKILL');
    },
  };
}

describe('the embedded PostgreSQL is supervised', () => {
  it('is started again after kill -9; the same process answers again with the data it had', async () => {
    const { server, port, postgresDir } = await startApp();
    const token = await signUp(port, 'coach');
    const killed = postmasterOf(postgresDir)!;

    process.kill(killed, 'SIGKILL');
    await waitForOutput(server, /the embedded PostgreSQL exited unexpectedly \(SIGKILL\); restarting it/);
    await waitFor('healthy again', async () => (await healthStatus(port)) === 200);

    expect(server.child.exitCode).toBeNull();
    expect(postmasterOf(postgresDir)).not.toBe(killed);
    expect(server.output()).toMatch(/the embedded PostgreSQL is back after \d+ ms/);
    const me = await api(port, 'GET', '/api/user/me', token);
    expect(me.status, me.text).toBe(200);
    expect(me.json()).toMatchObject({ username: 'coach' });
    expect((await signIn(port, 'coach')).status).toBe(200);
  });

  it('finishes a transcode across the outage; an upload during it is told to retry, and works after', async () => {
    const { server, port, dir, postgresDir } = await startApp();
    const token = await signUp(port, 'coach');
    const file = path.join(dir, 'game.mp4');
    await cachedTestClip(file, { durationSec: 8, width: 1280, height: 720 });
    const bytes = await fs.readFile(file);
    const preupload = () => api(port, 'POST', '/api/user/preupload', token, { fileName: 'game.mp4', contentType: 'video/mp4', size: bytes.length });
    /** preupload, PUT to the signed URL, complete: the video's key. */
    const upload = async () => {
      const pre = await preupload();
      expect(pre.status, pre.text).toBe(201);
      const { key, url } = pre.json() as { key: string; url: string };
      const target = new URL(url);
      const put = await fetch(`http://127.0.0.1:${port}${target.pathname}${target.search}`, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: bytes });
      expect(put.status).toBe(200);
      const done = await api(port, 'POST', `/api/user/preupload/${key}/complete`, token);
      expect(done.status, done.text).toBe(201);
      return (done.json().video as { key: string }).key;
    };
    const transcoded = async (videoKey: string) => {
      let status = '';
      await waitFor(`video ${videoKey} to be transcoded`, async () => {
        const res = await api(port, 'GET', `/api/user/videos/${videoKey}`, token);
        status = res.status === 200 ? String(res.json().status) : `HTTP ${res.status}`;
        return status === 'ready' || status === 'failed';
      });
      return status;
    };

    const videoKey = await upload();
    await waitFor('the transcode to run', () => childrenNamed(server.child.pid!, 'ffmpeg').length > 0);
    const backend = await stalledBackend(dir);
    process.kill(postmasterOf(postgresDir)!, 'SIGKILL');
    await waitFor('the outage', async () => (await healthStatus(port)) === 503);

    const refused = await preupload();
    expect(refused.status, refused.text).toBe(503);
    expect(refused.json()).toMatchObject({ statusCode: 503, message: 'The database is not reachable. Try again in a moment.' });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);

    // The transcode cannot finish without writing to the database: it meets the outage and waits.
    await waitForOutput(server, /the database went away under the job; it runs again once the database is back/);
    backend.release();
    await waitFor('healthy again', async () => (await healthStatus(port)) === 200);
    expect(await transcoded(videoKey)).toBe('ready');
    // The workers take new jobs again.
    expect(await transcoded(await upload())).toBe('ready');
    expect(server.child.exitCode).toBeNull();
  }, 180_000);

  it('gives up when the data directory is unusable: npm start exits non-zero and names the reason', async () => {
    const { server, postgresDir } = await startApp();
    // The control file PostgreSQL reads first on every start; zeros are what a failed disk may leave.
    await fs.writeFile(path.join(postgresDir, 'global', 'pg_control'), Buffer.alloc(8192));
    process.kill(postmasterOf(postgresDir)!, 'SIGKILL');

    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`The embedded PostgreSQL in ${postgresDir} stopped unexpectedly and could not be started again`);
    expect(server.output()).toMatch(/could not be started again: \S/);
    expect(postmasterOf(postgresDir)).toBeUndefined();
  }, 120_000);
});

describe('stopping the embedded PostgreSQL', () => {
  it('while it is being restarted does not start it again', async () => {
    const dir = await dataDir();
    const postgresDir = path.join(dir, 'postgres');
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const database = await startEmbeddedPostgres(postgresDir, log);
    const backend = await stalledBackend(dir);
    process.kill(postmasterOf(postgresDir)!, 'SIGKILL');
    await waitFor('the restart to wait for the old backend', () => lines.some((line) => line.includes('waiting for the processes of the stopped PostgreSQL to exit')));

    // The old backend goes away while the stop is under way: nothing may start PostgreSQL after it.
    const stopped = database.stop();
    backend.release();
    await stopped;
    expect(postmasterOf(postgresDir)).toBeUndefined();
    expect(lines.join('')).not.toContain('is back after');
  });
});

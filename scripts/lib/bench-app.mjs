// Shared by the benchmarks: a built server on a free port with its own data directory.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { exitWithin, fetchWithin, until } from './bounded.mjs';
import { root } from './paths.mjs';

// A cold start initialises a PostgreSQL cluster; on a loaded machine that takes a while, never minutes.
const START_WAIT_MS = 180_000;
const STOP_WAIT_MS = 30_000;

export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * Spawns the server (`args` after node) and resolves once /api/health answers 200. `onLog` gets
 * each line the server writes (its JSON log), for a benchmark that reads what a job reported; `port`
 * restarts a server on the port of the one it replaces.
 */
export async function startApp(args, dataDir, env = {}, { onLog, port: samePort } = {}) {
  // `port`: a restart on the port of the server it replaces (clients keep their base URL).
  const port = samePort ?? (await freePort());
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: onLog ? ['ignore', 'pipe', 'pipe'] : 'ignore',
    detached: true,
  });
  if (onLog) {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', onLog);
    }
  }
  const exited = new Promise((r) => child.once('exit', r));
  try {
    await until(
      `the server (${args.join(' ')}) to answer /api/health on port ${port}`,
      async (note) => {
        if (child.exitCode !== null) throw new Error(`server exited during start-up with ${child.exitCode}`);
        const res = await fetchWithin(`http://127.0.0.1:${port}/api/health`, {}, 5_000).catch((err) => note(err.message));
        if (res) note(`/api/health answered ${res.status}`);
        return res?.status === 200;
      },
      { everyMs: 20, timeoutMs: START_WAIT_MS },
    );
  } catch (err) {
    if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    throw err;
  }
  return {
    port,
    pid: child.pid,
    baseUrl: `http://127.0.0.1:${port}`,
    seconds: (performance.now() - started) / 1000,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(-child.pid, 'SIGINT');
      await exitWithin(`the server on port ${port} (SIGINT)`, child, exited, STOP_WAIT_MS);
    },
  };
}

export async function tempDataDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-bench-'));
  return dir;
}

/**
 * A coach with a team and a team subscription, as the web app makes one. `auth()` is the
 * Authorization header, signing in again once the token is five minutes old (access tokens live
 * fifteen): the video pipeline runs for minutes, the read benchmark for a few.
 */
export async function benchCoach(baseUrl) {
  const password = 'bench-password-1';
  const { tenantId } = (await fetchWithin(`${baseUrl}/api/config`)).json();
  const email = `bench-${Date.now()}@example.com`;
  const created = await fetchWithin(`${baseUrl}/v0/tenants/${tenantId}/auth/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, username: 'bench_coach', password }),
  });
  if (created.status !== 201) throw new Error(`sign-up failed: ${created.text()}`);
  let token = created.json().tokens.access.value;
  let tokenAt = Date.now();
  const auth = async () => {
    if (Date.now() - tokenAt > 5 * 60_000) {
      const res = await fetchWithin(`${baseUrl}/v0/tenants/${tenantId}/auth/basic`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailOrUsername: email, password }),
      });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${res.text()}`);
      token = res.json().tokens.access.value;
      tokenAt = Date.now();
    }
    return `Bearer ${token}`;
  };
  const api = async (method, url, body) => {
    const res = await fetchWithin(`${baseUrl}${url}`, {
      method,
      headers: { authorization: await auth(), ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${res.text()}`);
    return res.json();
  };
  await api('POST', '/api/user/me', { username: 'bench_coach', type: 'team', firstname: 'Bench', lastname: 'Coach' });
  await api('POST', '/api/user/channels', { channel: 'main', description: 'Bench' });
  await api('POST', '/api/billing/local/subscribe', { type: 'team' });
  return { api, auth, email, password };
}

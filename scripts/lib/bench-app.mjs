// Shared by the benchmarks: a built server on a free port with its own data directory.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from './paths.mjs';

export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Spawns the server (`args` after node) and resolves once /api/health answers 200. */
export async function startApp(args, dataDir, env = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise((r) => child.once('exit', r));
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status === 200, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    port,
    pid: child.pid,
    baseUrl: `http://127.0.0.1:${port}`,
    seconds: (performance.now() - started) / 1000,
    async stop() {
      process.kill(-child.pid, 'SIGINT');
      await exited;
    },
  };
}

export async function tempDataDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-bench-'));
  return dir;
}

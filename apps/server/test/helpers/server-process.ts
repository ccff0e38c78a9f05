import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
export const mainJs = path.join(dist, 'main.js');
/** What media nodes run (`node apps/server/dist/worker.js`). */
export const workerJs = path.join(dist, 'worker.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** stdout and stderr as they interleaved. */
  output(): string;
  /** stdout alone: with LOG_LEVEL set, one pino JSON line per log call. */
  stdout(): string;
  exited: Promise<number | null>;
}

/** Starts the built server the way `npm start` does, in its own process group (like a terminal job). */
export function startServer(env: Record<string, string>): ServerProcess {
  // Live ingest off unless a test asks for it: parallel servers would all want RTMP_PORT 1935.
  return startNode(mainJs, { LOG_LEVEL: 'warn', NODE_ENV: 'test', HOST: '127.0.0.1', DATABASE_URL: '', INGEST: '0', ...env });
}

/**
 * Starts the built media-node worker (`DATABASE_URL` required in `env`) in its own process group, so
 * a clean-up's kill(-pid) also takes down whatever it left running.
 */
export function startWorkerProcess(env: Record<string, string>): ServerProcess {
  return startNode(workerJs, { NODE_ENV: 'test', LOG_LEVEL: 'info', ...env });
}

/**
 * Worker processes started with the same `env()` (read when each starts: the app it points at may not
 * exist yet), and one `killAll` for the end of a test file: whole process groups, dead leaders too, as a
 * failed test may have left a killed worker's ffmpeg behind.
 */
export function workerProcesses(env: () => Record<string, string>) {
  const started: ServerProcess[] = [];
  return {
    start(): ServerProcess {
      const worker = startWorkerProcess(env());
      started.push(worker);
      return worker;
    },
    killAll(): void {
      for (const { child } of started) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // gone
        }
      }
    },
  };
}

function startNode(script: string, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  let stdout = '';
  child.stdout!.on('data', (d) => {
    out += d;
    stdout += d;
  });
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, stdout: () => stdout, exited };
}

export async function waitForOutput(server: ServerProcess, pattern: RegExp, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(server.output())) {
    if (server.child.exitCode !== null) throw new Error(`server exited (${server.child.exitCode}) before ${pattern}:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** PIDs of processes whose command line mentions `needle` (e.g. a data directory). */
export function processesMentioning(needle: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', needle], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number)
      .filter((pid) => pid !== process.pid);
  } catch {
    return [];
  }
}

export async function waitUntil(check: () => boolean, timeoutMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** Pids of the live children of `pid` whose command name is `name` (e.g. a worker's ffmpeg). */
export function childrenNamed(pid: number, name: string): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = tasks.flatMap((task) => readProc(`/proc/${pid}/task/${task}/children`).split(' ').filter(Boolean).map(Number));
  return children.filter((child) => readProc(`/proc/${child}/comm`).trim() === name && !hasEnded(child));
}

/** True once the process is gone, or a zombie: it has ended and only waits for init to reap it. */
export function hasEnded(pid: number): boolean {
  const stat = readProc(`/proc/${pid}/stat`);
  // The command name may hold spaces and parentheses: the state is the field after its last ')'.
  return stat === '' || stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
}

function readProc(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

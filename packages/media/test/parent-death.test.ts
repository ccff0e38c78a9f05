import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../src/binaries';
import { useTempDir } from './helpers/fixtures';

/*
 * kill -9 of a real node process while the runner's ffmpeg encodes: a worker or web node killed
 * outright (operator, OOM killer) must not leave ffmpeg writing into its scratch space for a minute.
 */
const tempDir = useTempDir('parent-death');
let script: string;
const started: ChildProcess[] = [];
const ffmpegs: number[] = [];

beforeAll(async () => {
  script = path.join(tempDir(), 'orphan-encode.mjs');
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'helpers', 'orphan-encode.ts');
  await build({ entryPoints: [entry], outfile: script, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
});
afterAll(() => {
  for (const pid of [...started.map((c) => c.pid!), ...ffmpegs]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

function startEncode(durationSec: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [script, path.join(tempDir(), `out-${started.length}.mp4`), String(durationSec)], {
    env: { ...process.env, FFMPEG_PATH: findFfmpeg().path, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  /** Resolves with the first match of `pattern` in the output, as soon as it is printed. */
  const line = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = out.match(pattern);
        if (match) {
          child.stdout!.off('data', check);
          resolve(match);
        }
      };
      child.stdout!.on('data', check);
      check();
      void exited.then(() => {
        const match = out.match(pattern);
        if (match) resolve(match);
        else reject(new Error(`exited before printing ${pattern}:\n${out}`));
      });
    });
  return { child, exited, line, output: () => out };
}

/** State letter and parent pid from /proc, or null once the process is gone. */
function procStat(pid: number): { state: string; ppid: number } | null {
  try {
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/** Polls /proc until the process has ended (a zombie waiting for init to reap it has ended too). */
async function ended(pid: number, deadlineMs: number): Promise<boolean> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const stat = procStat(pid);
    if (!stat || stat.state === 'Z') return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('ffmpeg children of a process killed with SIGKILL', () => {
  it('die with it instead of encoding on to the end', async () => {
    // 120 s at native speed: without the parent-death signal ffmpeg would outlive the test.
    const run = startEncode(120);
    expect((await run.line(/^lifetime (\S+)$/m))[1]).toBe('parent-death-signal');
    const ffmpeg = Number((await run.line(/^ffmpeg (\d+)$/m))[1]);
    ffmpegs.push(ffmpeg);
    // setpriv exec'd ffmpeg in its place: the pid the runner tracks is ffmpeg, our direct child.
    expect(readFileSync(`/proc/${ffmpeg}/comm`, 'utf8').trim()).toBe('ffmpeg');
    expect(procStat(ffmpeg)).toMatchObject({ state: expect.not.stringMatching(/^Z$/), ppid: run.child.pid });

    process.kill(run.child.pid!, 'SIGKILL');
    await run.exited;
    expect(await ended(ffmpeg, 10_000)).toBe(true);
  });

  it('still run where setpriv is missing, and the runner says they only end with a normal exit', async () => {
    const emptyPath = path.join(tempDir(), 'empty-path');
    await mkdir(emptyPath, { recursive: true });
    const run = startEncode(1, { PATH: emptyPath });
    expect((await run.line(/^lifetime (\S+)$/m))[1]).toBe('exit-hook');
    await run.line(/^done$/m);
    expect(await run.exited, run.output()).toBe(0);
  });
});

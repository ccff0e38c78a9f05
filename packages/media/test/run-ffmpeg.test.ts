import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseArgs } from '../src/args/common';
import { isMediaError, type MediaError } from '../src/media-error';
import { activeChildren, runFfmpeg } from '../src/run-ffmpeg';
import { isAlive, useTempDir } from './helpers/fixtures';

const tempDir = useTempDir('run');
let dir: string;

beforeAll(async () => {
  dir = tempDir();
});

/** A 60 s clip read at native speed: it would run for a minute unless stopped. */
function longEncode(output: string): string[] {
  return [
    ...baseArgs(),
    '-re',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x240:rate=25:duration=60',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-f',
    'mp4',
    path.join(dir, output),
  ];
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('runFfmpeg', () => {
  it('aborts a running encode and settles only after ffmpeg has exited', async () => {
    const controller = new AbortController();
    let pid: number | undefined;
    const started = Date.now();
    const error = await failure(
      runFfmpeg(longEncode('aborted.mp4'), {
        signal: controller.signal,
        durationSec: 60,
        onProgress: () => {
          pid ??= activeChildren()[0];
          controller.abort();
        },
      }),
    );
    expect(isMediaError(error, 'ABORTED')).toBe(true);
    expect(pid).toBeTypeOf('number');
    expect(isAlive(pid!)).toBe(false);
    expect(activeChildren()).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('stops with TIMEOUT after timeoutMs', async () => {
    let pid: number | undefined;
    const error = await failure(
      runFfmpeg(longEncode('timeout.mp4'), { timeoutMs: 700, onProgress: () => (pid ??= activeChildren()[0]) }),
    );
    expect(isMediaError(error, 'TIMEOUT')).toBe(true);
    expect(pid).toBeTypeOf('number');
    expect(isAlive(pid!)).toBe(false);
    expect(activeChildren()).toEqual([]);
  });

  it('kills with SIGKILL when SIGTERM is ignored', async () => {
    const stubborn = path.join(dir, 'stubborn-ffmpeg');
    // exec keeps the pid; an ignored signal stays ignored across exec.
    await writeFile(stubborn, "#!/bin/sh\ntrap '' TERM\nexec sleep 30\n");
    await chmod(stubborn, 0o755);
    const controller = new AbortController();
    const run = runFfmpeg([], { ffmpegPath: stubborn, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [pid] = activeChildren();
    expect(pid).toBeTypeOf('number');
    const abortedAt = Date.now();
    controller.abort();
    const error = await failure(run);
    expect(isMediaError(error, 'ABORTED')).toBe(true);
    expect(Date.now() - abortedAt).toBeGreaterThanOrEqual(1900);
    expect(isAlive(pid!)).toBe(false);
    expect(activeChildren()).toEqual([]);
  });

  it('does not start ffmpeg when the signal is already aborted', async () => {
    const error = await failure(runFfmpeg(longEncode('never.mp4'), { signal: AbortSignal.abort() }));
    expect(isMediaError(error, 'ABORTED')).toBe(true);
    expect(activeChildren()).toEqual([]);
  });

  it('rejects with FFMPEG_FAILED, the exit code and the end of stderr', async () => {
    const missing = path.join(dir, 'missing-input.mp4');
    const error = (await failure(runFfmpeg([...baseArgs(), '-i', missing, path.join(dir, 'x.mp4')]))) as MediaError;
    expect(isMediaError(error, 'FFMPEG_FAILED')).toBe(true);
    expect(error.exitCode).not.toBe(0);
    expect(error.exitCode).toBeTypeOf('number');
    expect(error.stderr).toContain('missing-input.mp4');
    expect(error.message).toContain(`code ${error.exitCode}`);
    expect(error.reason).toBe('Processing the video failed.');
  });

  it('keeps only the last 30 stderr lines', async () => {
    const script = path.join(dir, 'noisy-ffmpeg');
    await writeFile(script, '#!/bin/sh\ni=1\nwhile [ $i -le 100 ]; do echo "line $i" >&2; i=$((i+1)); done\nexit 3\n');
    await chmod(script, 0o755);
    const error = (await failure(runFfmpeg([], { ffmpegPath: script }))) as MediaError;
    const lines = error.stderr.split('\n');
    expect(lines).toHaveLength(30);
    expect(lines[0]).toBe('line 71');
    expect(lines.at(-1)).toBe('line 100');
    expect(error.exitCode).toBe(3);
  });

  it('fails when ffmpeg exits 0 but writes no output file', async () => {
    const output = path.join(dir, 'past-the-end.jpg');
    await writeFile(output, 'stale poster from an earlier run');
    const args = [...baseArgs(), '-f', 'lavfi', '-i', 'testsrc2=size=160x120:duration=1', '-ss', '5', '-frames:v', '1', '-f', 'image2', '-update', '1', output];
    const error = (await failure(runFfmpeg(args, { outputFile: output }))) as MediaError;
    expect(isMediaError(error, 'FFMPEG_FAILED')).toBe(true);
    expect(error.message).toContain('wrote nothing');
    expect(error.exitCode).toBe(0);
    // Without outputFile the same run "succeeds": the check is what catches it.
    await expect(runFfmpeg(args)).resolves.toBeDefined();
  });

  it('reports a binary that cannot start as FFMPEG_FAILED', async () => {
    const error = (await failure(runFfmpeg([], { ffmpegPath: path.join(dir, 'no-such-ffmpeg') }))) as MediaError;
    expect(isMediaError(error, 'FFMPEG_FAILED')).toBe(true);
    // The same message whether spawn itself fails or setpriv (the parent-death wrapper) cannot exec it.
    expect(error.message).toMatch(/^Could not start ffmpeg \(.*no-such-ffmpeg\): .*No such file or directory/);
    expect(error.exitCode).toBeNull();
  });

  it('stops ffmpeg and rejects with the error when onProgress throws', async () => {
    let pid: number | undefined;
    const error = await failure(
      runFfmpeg(longEncode('callback.mp4'), {
        onProgress: () => {
          pid ??= activeChildren()[0];
          throw new Error('listener broke');
        },
      }),
    );
    expect((error as Error).message).toBe('listener broke');
    expect(isAlive(pid!)).toBe(false);
    expect(activeChildren()).toEqual([]);
  });
});

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { findFfmpeg } from '@app/media/binaries';
import { liveSegmenterArgs, parseLiveSegmentLine, type LiveInputCodecs, type LiveSegmentLine } from '@app/media/args/live-segmenter';
import { withParentDeathSignal } from '@app/media/parent-death';

export interface SegmenterOptions extends LiveInputCodecs {
  input: string;
  outputDir: string;
  readTimeoutSec: number;
  onSegment(segment: LiveSegmentLine): void;
}

export interface Segmenter {
  /** Settles once ffmpeg has exited and every segment it announced has been passed to onSegment. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  /**
   * Asks ffmpeg to close the segment it is writing and exit; kills it if it has not after `graceMs`.
   * Ending its input is the better way: ffmpeg's first SIGTERM only takes effect once a pending read
   * returns, and on 4.1 a second one kills it before the last segment is written.
   */
  stop(graceMs?: number): void;
}

const running = new Set<{ kill(signal: NodeJS.Signals): boolean }>();

/**
 * One ffmpeg per publish. Not `runChild`: that one stops reading stdout once it is asked to stop, and
 * the last segment's line arrives exactly then (ffmpeg writes it while closing on SIGTERM).
 */
export async function startSegmenter(options: SegmenterOptions): Promise<Segmenter> {
  const run = await withParentDeathSignal(findFfmpeg().path, liveSegmenterArgs(options));
  const child = spawn(run.command, run.args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  running.add(child);
  installExitHook();
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    const segment = parseLiveSegmentLine(line);
    if (segment) options.onSegment(segment);
  });
  const linesDone = new Promise<void>((resolve) => lines.once('close', resolve));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('error', () => resolve({ code: null, signal: null }));
    child.once('close', (code, signal) => resolve({ code, signal }));
  }).then(async (result) => {
    running.delete(child);
    clearTimeout(killTimer);
    await linesDone;
    return { ...result, stderr: stderr.trim() };
  });
  let killTimer: NodeJS.Timeout | undefined;
  return {
    exited,
    stop(graceMs = 3000) {
      if (child.exitCode !== null || child.signalCode !== null || killTimer) return;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    },
  };
}

function installExitHook(): void {
  if (installExitHook.done) return;
  installExitHook.done = true;
  // Without setpriv (not Linux), a normal exit must still take the segmenters down.
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}
installExitHook.done = false;

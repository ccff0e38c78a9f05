import { spawn, type ChildProcess } from 'node:child_process';
import { MediaError } from './media-error';
import { SETPRIV_EXEC_FAILURE, withParentDeathSignal } from './parent-death';

export interface RunChildOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Called with decoded stdout text as it arrives. Throwing stops the child and rejects. */
  onStdout?: (chunk: string) => void;
  /** Called with decoded stderr text as it arrives (unbuffered, unlike what ffmpeg writes to stdout). Throwing stops the child and rejects. */
  onStderr?: (chunk: string) => void;
  /** How many trailing stderr lines to keep for error messages. */
  stderrLines?: number;
  /** Delay between SIGTERM and SIGKILL. */
  killGraceMs?: number;
}

export interface ChildResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stderrTail: string;
}

const active = new Map<number, ChildProcess>();
let exitHookInstalled = false;

/** Pids of ffmpeg/ffprobe processes started by this module that have not exited yet. */
export function activeChildren(): number[] {
  return [...active.keys()];
}

/**
 * Spawns without a shell and settles only after the child has exited and its pipes closed,
 * so a rejected ABORTED/TIMEOUT promise guarantees no process is left running. Where it can,
 * the child also dies with this process, however that dies (see parent-death.ts).
 */
export async function runChild(command: string, args: readonly string[], options: RunChildOptions = {}): Promise<ChildResult> {
  const { signal, timeoutMs, onStdout, onStderr, stderrLines = 30, killGraceMs = 2000 } = options;
  const label = commandLabel(command);
  const aborted = () => new MediaError('ABORTED', `${label} was aborted before it started`);

  if (signal?.aborted) throw aborted();
  const run = await withParentDeathSignal(command, args);
  if (signal?.aborted) throw aborted();

  return new Promise<ChildResult>((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn(run.command, run.args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    } catch (error) {
      reject(startError(label, command, error));
      return;
    }
    const pid = child.pid;
    if (pid !== undefined) track(pid, child);

    const tail = new LineTail(stderrLines);
    let stopReason: MediaError | Error | null = null;
    let exited = false;
    let killTimer: NodeJS.Timeout | undefined;
    let spawnFailure: unknown = null;

    const stop = (reason: MediaError | Error): void => {
      if (exited || stopReason) return;
      stopReason = reason;
      child.kill('SIGTERM');
      // ffmpeg traps SIGTERM to finish writing; a stuck one still has to go.
      killTimer = setTimeout(() => {
        if (!exited) child.kill('SIGKILL');
      }, killGraceMs);
    };

    const onAbort = (): void => stop(new MediaError('ABORTED', `${label} was aborted`));
    signal?.addEventListener('abort', onAbort, { once: true });
    const timeoutTimer =
      timeoutMs !== undefined && timeoutMs > 0
        ? setTimeout(() => stop(new MediaError('TIMEOUT', `${label} timed out after ${timeoutMs} ms`)), timeoutMs)
        : undefined;

    const deliver = (listener: ((chunk: string) => void) | undefined, chunk: string): void => {
      if (!listener || stopReason) return;
      try {
        listener(chunk);
      } catch (error) {
        stop(error instanceof Error ? error : new Error(String(error)));
      }
    };
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => deliver(onStdout, chunk));
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      tail.push(chunk);
      deliver(onStderr, chunk);
    });

    child.on('error', (error) => {
      // 'error' without a pid means the binary never started; 'close' still follows.
      if (pid === undefined) spawnFailure = error;
    });
    child.on('exit', () => {
      exited = true;
      if (pid !== undefined) active.delete(pid);
    });
    child.on('close', (exitCode, exitSignal) => {
      exited = true;
      if (pid !== undefined) active.delete(pid);
      clearTimeout(killTimer);
      clearTimeout(timeoutTimer);
      signal?.removeEventListener('abort', onAbort);
      const stderr = withoutQueries(tail.text());
      if (spawnFailure) {
        reject(startError(label, command, spawnFailure));
      } else if (run.wrapped && (exitCode === 126 || exitCode === 127) && SETPRIV_EXEC_FAILURE.test(stderr)) {
        // The wrapper started but the program did not: the same failure as a spawn error without it.
        reject(startError(label, command, new Error(stderr.match(SETPRIV_EXEC_FAILURE)![0])));
      } else if (stopReason) {
        reject(stopReason);
      } else {
        resolve({ exitCode, signal: exitSignal, stderrTail: stderr });
      }
    });
  });
}

/**
 * ffmpeg quotes its inputs in errors; a presigned link's query is its credential, which must not
 * reach a log or a failure reason.
 */
function withoutQueries(text: string): string {
  return text.replace(/(https?:\/\/[^\s?'"]*)\?[^\s'"]*/g, '$1?…');
}

function track(pid: number, child: ChildProcess): void {
  active.set(pid, child);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A crashing worker must not leave encoders running without a parent.
  process.once('exit', () => {
    for (const orphan of active.values()) orphan.kill('SIGKILL');
  });
}

function startError(label: string, command: string, error: unknown): MediaError {
  const detail = error instanceof Error ? error.message : String(error);
  return new MediaError('FFMPEG_FAILED', `Could not start ${label} (${command}): ${detail}`, { cause: error });
}

function commandLabel(command: string): string {
  return /ffprobe/i.test(command) ? 'ffprobe' : 'ffmpeg';
}

class LineTail {
  private lines: string[] = [];
  private partial = '';

  constructor(private readonly max: number) {}

  push(chunk: string): void {
    const parts = (this.partial + chunk).split(/\r?\n|\r/);
    this.partial = parts.pop() ?? '';
    for (const line of parts) {
      if (line.trim() === '') continue;
      this.lines.push(line);
      if (this.lines.length > this.max) this.lines.shift();
    }
  }

  text(): string {
    const all = this.partial.trim() === '' ? this.lines : [...this.lines, this.partial].slice(-this.max);
    return all.join('\n');
  }
}

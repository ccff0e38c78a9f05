import { execFile } from 'node:child_process';

/**
 * How this process's ffmpeg/ffprobe children end when it dies: with a parent-death signal (Linux
 * with util-linux `setpriv`), which holds for kill -9 and the OOM killer too, or only through the
 * exit hook, which a normal exit runs and SIGKILL never does.
 */
export type ChildLifetime = 'parent-death-signal' | 'exit-hook';

/** What `setpriv` prints (exit 126/127) when it cannot exec the program it wraps. */
export const SETPRIV_EXEC_FAILURE = /^setpriv: failed to execute .*$/m;

let usable: Promise<boolean> | undefined;

export async function childLifetime(): Promise<ChildLifetime> {
  return (await setprivUsable()) ? 'parent-death-signal' : 'exit-hook';
}

/**
 * The command line that runs `command` with SIGKILL as its parent-death signal: `setpriv` sets
 * PR_SET_PDEATHSIG and execs it, so the child keeps its pid and stays our direct child. The kernel
 * sends the signal when the *thread* that forked it ends; Node's spawn forks from the thread that
 * calls it, our main JS thread, which lives as long as the process. SIGKILL, not TERM: nobody is
 * left to read what ffmpeg would finish writing. A parent that dies in the instant between the fork
 * and setpriv's prctl still leaves the child running; the exit hook and the reaper cover the rest.
 */
export async function withParentDeathSignal(command: string, args: readonly string[]): Promise<{ command: string; args: string[]; wrapped: boolean }> {
  if (!(await setprivUsable())) return { command, args: [...args], wrapped: false };
  return { command: 'setpriv', args: ['--pdeathsig', 'KILL', '--', command, ...args], wrapped: true };
}

function setprivUsable(): Promise<boolean> {
  // Tried once per process with the real option: util-linux older than 2.33 has setpriv without --pdeathsig.
  usable ??=
    process.platform === 'linux'
      ? new Promise((resolve) => execFile('setpriv', ['--pdeathsig', 'KILL', '--', 'true'], (error) => resolve(!error)))
      : Promise.resolve(false);
  return usable;
}

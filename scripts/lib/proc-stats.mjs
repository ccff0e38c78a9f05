// CPU time, memory and children of a process from Linux's /proc, for the live benchmarks: the server's
// own CPU and that of its ffmpeg children (segmenter, cheer analyzer) and embedded PostgreSQL.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User + system CPU seconds the process has used, or null once it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
}

export function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

export function executable(pid) {
  return fs.readlinkSync(`/proc/${pid}/exe`);
}

export function children(pid) {
  let tasks;
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const found = [];
  for (const task of tasks) {
    try {
      found.push(...fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return found;
}

export function descendants(pid) {
  const all = [];
  for (const child of children(pid)) all.push(child, ...descendants(child));
  return all;
}

/**
 * CPU of a set of processes over a window, as % of one core: calling it starts the window, the returned
 * function ends it. A process that exits meanwhile is left out.
 */
export function cpuWindow(pids) {
  const t0 = performance.now();
  const start = new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));
  return () => {
    const seconds = (performance.now() - t0) / 1000;
    let used = 0;
    for (const [pid, before] of start) {
      const after = cpuSeconds(pid);
      if (before !== null && after !== null) used += after - before;
    }
    return (100 * used) / seconds;
  };
}

/** This process's own CPU (all its threads) over a window, as % of one core. */
export function ownCpuWindow() {
  const t0 = performance.now();
  const start = process.cpuUsage();
  return () => {
    const { user, system } = process.cpuUsage(start);
    return ((user + system) / 1e3 / (performance.now() - t0)) * 100;
  };
}

/** How busy the whole machine was over a window, as % of all its cores (other work on them shows here). */
export function machineBusyWindow() {
  const read = () => {
    const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    // idle and iowait are the 4th and 5th numbers.
    return { total: ticks.reduce((a, b) => a + b, 0), idle: ticks[3] + ticks[4] };
  };
  const start = read();
  return () => {
    const end = read();
    return 100 * (1 - (end.idle - start.idle) / (end.total - start.total));
  };
}

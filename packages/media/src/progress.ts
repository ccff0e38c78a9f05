export interface FfmpegProgress {
  /** 0-100, or null when the input duration is unknown. */
  percent: number | null;
  outTimeSec: number | null;
  /** Encoding speed as a multiple of real time (1.5 = 1.5x), null when ffmpeg reports N/A. */
  speed: number | null;
  frame: number | null;
  /** True for ffmpeg's final block (`progress=end`). */
  done: boolean;
}

/**
 * Incremental parser for `-progress pipe:1` output: key=value lines, each block closed by
 * `progress=continue|end`. Chunks may split lines anywhere.
 */
export function createProgressParser(
  durationSec: number | null | undefined,
  onProgress: (progress: FfmpegProgress) => void,
): (chunk: string) => void {
  let partial = '';
  let block = new Map<string, string>();

  return (chunk) => {
    const lines = (partial + chunk).split(/\r?\n/);
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const eq = line.indexOf('=');
      if (eq <= 0) continue;
      const key = line.slice(0, eq).trim();
      const value = line.slice(eq + 1).trim();
      block.set(key, value);
      if (key === 'progress') {
        onProgress(progressFromBlock(block, durationSec));
        block = new Map();
      }
    }
  };
}

export function progressFromBlock(block: ReadonlyMap<string, string>, durationSec: number | null | undefined): FfmpegProgress {
  const outTimeSec = outTime(block);
  const hasDuration = durationSec !== null && durationSec !== undefined && durationSec > 0;
  return {
    percent: hasDuration && outTimeSec !== null ? clamp((outTimeSec / durationSec) * 100, 0, 100) : null,
    outTimeSec,
    speed: parseSpeed(block.get('speed')),
    frame: parseNonNegative(block.get('frame')),
    done: block.get('progress') === 'end',
  };
}

function outTime(block: ReadonlyMap<string, string>): number | null {
  // `out_time_ms` is microseconds despite its name (a long-standing ffmpeg bug kept for
  // compatibility); `out_time_us` only exists on newer builds.
  const micros = parseNonNegative(block.get('out_time_us')) ?? parseNonNegative(block.get('out_time_ms'));
  if (micros !== null) return micros / 1e6;
  return parseClock(block.get('out_time'));
}

function parseNonNegative(value: string | undefined): number | null {
  if (value === undefined || !/^\d+(\.\d+)?$/.test(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function parseSpeed(value: string | undefined): number | null {
  const match = value?.match(/^(\d+(?:\.\d+)?(?:e[+-]?\d+)?)x$/i);
  return match?.[1] === undefined ? null : Number(match[1]);
}

function parseClock(value: string | undefined): number | null {
  const match = value?.match(/^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/);
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

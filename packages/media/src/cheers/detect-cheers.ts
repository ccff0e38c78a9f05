import type { LoudnessSample } from './loudness-parse';

export interface CheerDetectorOptions {
  /** Spacing of the samples (ebur128 prints every 100 ms). Windows are counted in samples of this length. */
  stepSec?: number;
  /** Width of the median that smooths the momentary loudness. */
  smoothSec?: number;
  /** The baseline is the median of the smoothed loudness over this many seconds either side. */
  baselineHalfSec?: number;
  /** A cheer's peak stands at least this far above the baseline. */
  minPeakLu?: number;
  /** ...inside a stretch at least this far above the baseline... */
  sustainLu?: number;
  /** ...that lasts at least this long (drops bangs and whistles)... */
  minSustainSec?: number;
  /** ...and at most this long (drops sustained loudness: a chant, a song, a band). */
  maxSustainSec?: number;
  /** A cheer is the loudest candidate within this many seconds either side. */
  localMaxSec?: number;
  /** Keep only the strongest `top` (default: all). */
  top?: number;
}

export interface DetectedCheer {
  /** The peak, on the input's timeline (the sample's `t`). */
  timeSec: number;
  /** How far the smoothed loudness rises above the baseline there, in LU. */
  excessLu: number;
}

export const CHEER_DETECTOR_DEFAULTS: Required<Omit<CheerDetectorOptions, 'top'>> = Object.freeze({
  stepSec: 0.1,
  smoothSec: 2,
  baselineHalfSec: 30,
  minPeakLu: 6,
  sustainLu: 3,
  minSustainSec: 1.5,
  maxSustainSec: 15,
  localMaxSec: 4,
});

/** R128's absolute gate: anything quieter is silence, and -inf / NaN (digital silence, start-up) count as it. */
const SILENCE_LUFS = -70;

/**
 * Crowd cheers in a momentary-loudness series:
 *
 * 1. Smooth with a 2 s running median. A median, unlike a mean, removes anything shorter than half its
 *    window however loud, and keeps the edges of anything longer: a bang (a 50 ms click raises the
 *    400 ms momentary loudness for ~0.5 s) and a 0.5 s whistle (~0.9 s) vanish.
 * 2. Baseline: the median of the smoothed loudness over +-30 s; excess = smoothed - baseline.
 * 3. A cheer is a point at least 6 LU above the baseline inside a stretch at least 3 LU above it that
 *    lasts 1.5 s or more, and the loudest such point within +-4 s; the strongest `top` are kept. The
 *    1.5 s (rather than 1 s) drops a whistle up to ~1.1 s long, which the median alone lets
 *    through from ~0.7 s; crowd cheers stay 3 LU up for 2.5 s and more.
 *
 * Sustained loudness (a chant, a song) is not a moment. A chant of 30 s or more is absorbed by the
 * median: once it fills half of the +-30 s window the baseline is the chant's own level. A shorter one
 * would stand above the baseline throughout, so a stretch above 3 LU that lasts longer than
 * `maxSustainSec` (15 s) is dropped: a cheer rises and falls back within seconds. We chose the cap over
 * a "rise within 2 s" rule because a chant starts as abruptly as a cheer; its length is what tells it
 * apart. The cost: a celebration that stays 3 LU above the game's noise for more than 15 s is missed.
 *
 * The result is ordered by time. Windows are counted in samples, so a gap in `t` is treated as
 * contiguous audio. Pure and deterministic: a cheer depends only on samples within
 * `cheerHorizonSec(options)` of it (see cheer-tracker.ts for the streaming use).
 */
export function detectCheers(samples: readonly LoudnessSample[], options: CheerDetectorOptions = {}): DetectedCheer[] {
  const o = { ...CHEER_DETECTOR_DEFAULTS, ...options };
  const count = (sec: number) => Math.max(0, Math.round(sec / o.stepSec));
  const loudness = Float64Array.from(samples, (s) => (Number.isNaN(s.M) ? SILENCE_LUFS : Math.max(SILENCE_LUFS, s.M)));
  const smoothed = rollingMedian(loudness, count(o.smoothSec / 2));
  const baseline = rollingMedian(smoothed, count(o.baselineHalfSec));
  const excess = smoothed.map((value, i) => value - baseline[i]!);

  const inCheerStretch = new Uint8Array(excess.length);
  for (let start = 0; start < excess.length; ) {
    if (excess[start]! < o.sustainLu) {
      start += 1;
      continue;
    }
    let end = start;
    while (end + 1 < excess.length && excess[end + 1]! >= o.sustainLu) end += 1;
    const lengthSec = (end - start + 1) * o.stepSec;
    // Half a step of slack: a stretch of exactly 1.5 s is 15 samples.
    if (lengthSec >= o.minSustainSec - o.stepSec / 2 && lengthSec <= o.maxSustainSec + o.stepSec / 2) inCheerStretch.fill(1, start, end + 1);
    start = end + 1;
  }

  const reach = count(o.localMaxSec);
  const cheers: DetectedCheer[] = [];
  for (let i = 0; i < excess.length; i++) {
    const value = excess[i]!;
    if (!inCheerStretch[i] || value < o.minPeakLu) continue;
    let isPeak = true;
    // Ties go to the earliest point, so a flat top yields one cheer.
    for (let j = Math.max(0, i - reach); j <= Math.min(excess.length - 1, i + reach) && isPeak; j++) {
      if (j !== i && inCheerStretch[j] && (excess[j]! > value || (excess[j] === value && j < i))) isPeak = false;
    }
    if (isPeak) cheers.push({ timeSec: samples[i]!.t, excessLu: value });
  }

  if (options.top === undefined || cheers.length <= options.top) return cheers;
  const strongest = new Set([...cheers].sort((a, b) => b.excessLu - a.excessLu).slice(0, Math.max(0, options.top)));
  return cheers.filter((cheer) => strongest.has(cheer));
}

/** How far (seconds of samples) either side of a point its verdict looks: smoothing, baseline, stretch, neighbours. */
export function cheerHorizonSec(options: CheerDetectorOptions = {}): number {
  const o = { ...CHEER_DETECTOR_DEFAULTS, ...options };
  return o.smoothSec / 2 + o.baselineHalfSec + o.maxSustainSec + o.localMaxSec + 2 * o.stepSec;
}

/** Centred running median; the window shrinks at the ends. A sorted window keeps each step O(window). */
export function rollingMedian(values: Float64Array, half: number): Float64Array {
  const out = new Float64Array(values.length);
  const window: number[] = [];
  let lo = 0;
  let hi = -1;
  for (let i = 0; i < values.length; i++) {
    const wantHi = Math.min(values.length - 1, i + half);
    while (hi < wantHi) {
      hi += 1;
      window.splice(lowerBound(window, values[hi]!), 0, values[hi]!);
    }
    while (lo < i - half) {
      window.splice(lowerBound(window, values[lo]!), 1);
      lo += 1;
    }
    const n = window.length;
    out[i] = n % 2 === 1 ? window[(n - 1) / 2]! : (window[n / 2 - 1]! + window[n / 2]!) / 2;
  }
  return out;
}

function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

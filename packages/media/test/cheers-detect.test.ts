import { describe, expect, it } from 'vitest';
import { createCheerTracker } from '../src/cheers/cheer-tracker';
import { detectCheers, rollingMedian, type DetectedCheer } from '../src/cheers/detect-cheers';
import { createLoudnessParser, parseLoudnessOutput, type LoudnessSample } from '../src/cheers/loudness-parse';

const FLOOR = -40;

/** A momentary-loudness series at 100 ms: the floor with a little deterministic ripple, plus `shapes`. */
function series(durationSec: number, ...shapes: ((t: number) => number)[]): LoudnessSample[] {
  return Array.from({ length: Math.round(durationSec * 10) }, (_, i) => {
    const t = Math.round(i) / 10;
    return { t, M: FLOOR + 0.4 * Math.sin(i * 1.7) + shapes.reduce((sum, shape) => sum + shape(t), 0) };
  });
}
/** Loudness over the floor (dB) of a crowd cheer: a Gaussian bump of amplitude `ratio` times the floor. */
const cheer = (at: number, db: number) => (t: number) => 20 * Math.log10(1 + (10 ** (db / 20) - 1) * Math.exp(-(((t - at) / 1.2) ** 2)));
/** A loud burst: `db` over the floor from `at` for `lengthSec` (plus the 400 ms momentary window). */
const burst = (at: number, lengthSec: number, db: number) => (t: number) => (t >= at && t < at + lengthSec + 0.4 ? db : 0);

const times = (cheers: DetectedCheer[]) => cheers.map((c) => c.timeSec);

describe('detectCheers', () => {
  it('finds cheer bursts at their peak, ordered by time, with their excess over the crowd', () => {
    const cheers = detectCheers(series(120, cheer(20, 12), cheer(60, 24), cheer(95, 18)));
    expect(times(cheers).map(Math.round)).toEqual([20, 60, 95]);
    for (const c of cheers) expect(Math.abs(c.timeSec - Math.round(c.timeSec))).toBeLessThanOrEqual(0.5);
    const [a, b, c] = cheers.map((x) => x.excessLu);
    expect(b! > c! && c! > a!).toBe(true);
    expect(a).toBeGreaterThan(9);
  });

  it('ignores a bang and a whistle however loud, and a bump below 6 LU', () => {
    const noise = series(120, burst(30, 0.05, 40), burst(60, 0.5, 35), burst(75, 1, 35), cheer(100, 5));
    expect(detectCheers(noise)).toEqual([]);
    // The same whistle held for 2 s is loud long enough to count: the duration rule, not the level, drops it.
    expect(times(detectCheers(series(120, burst(60, 2, 35))))).toHaveLength(1);
  });

  it('does not take a long chant for a cheer: the median absorbs it and no stretch rises at its start', () => {
    expect(detectCheers(series(180, burst(60, 40, 12)))).toEqual([]);
    expect(detectCheers(series(180, burst(60, 40, 12), cheer(130, 15))).map((c) => Math.round(c.timeSec))).toEqual([130]);
  });

  it('drops a stretch that stays loud longer than the cap (a shorter chant the median does not absorb)', () => {
    const chant = series(180, burst(60, 20, 12));
    expect(detectCheers(chant)).toEqual([]);
    expect(detectCheers(chant, { maxSustainSec: 60 })).not.toEqual([]);
  });

  it('keeps the loudest point within 4 s, and two cheers further apart', () => {
    expect(times(detectCheers(series(120, cheer(50, 12), cheer(53, 20)))).map(Math.round)).toEqual([53]);
    expect(times(detectCheers(series(120, cheer(50, 12), cheer(60, 20)))).map(Math.round)).toEqual([50, 60]);
  });

  it('keeps the strongest `top`, still in time order', () => {
    const game = series(200, cheer(20, 10), cheer(50, 30), cheer(80, 15), cheer(110, 25), cheer(140, 20));
    expect(detectCheers(game, { top: 3 }).map((c) => Math.round(c.timeSec))).toEqual([50, 110, 140]);
    expect(detectCheers(game, { top: 0 })).toEqual([]);
  });

  it('reads silence (-inf, NaN, below the R128 gate) as -70 LUFS, so a cheer after silence is still one', () => {
    const quiet = series(90, cheer(45, 20)).map((s) => (s.t < 10 ? { t: s.t, M: s.t < 5 ? -Infinity : Number.NaN } : s));
    expect(times(detectCheers(quiet)).map(Math.round)).toEqual([45]);
    expect(detectCheers([])).toEqual([]);
  });
});

describe('rollingMedian', () => {
  it('is the median of the centred window, shrinking at the ends', () => {
    expect([...rollingMedian(Float64Array.from([5, 1, 9, 3, 7]), 1)]).toEqual([3, 5, 3, 7, 5]);
  });
});

describe('createCheerTracker', () => {
  it('decides the same cheers as the whole series, each once, about a horizon after the moment', () => {
    const game = series(400, cheer(20, 12), cheer(90, 24), burst(150, 40, 12), cheer(230, 18), burst(300, 0.5, 30), cheer(390, 14));
    const tracker = createCheerTracker();
    const decided: { cheer: DetectedCheer; at: number }[] = [];
    for (const sample of game) for (const c of tracker.push(sample)) decided.push({ cheer: c, at: sample.t });
    const beforeEnd = decided.length;
    for (const c of tracker.flush()) decided.push({ cheer: c, at: Infinity });
    expect(decided.map((d) => d.cheer)).toEqual(detectCheers(game));
    expect(beforeEnd).toBe(3);
    for (const d of decided.slice(0, beforeEnd)) expect(d.at - d.cheer.timeSec).toBeGreaterThan(45);
    expect(tracker.flush()).toEqual([]);
  });
});

describe('loudness output parser', () => {
  const output = [
    'frame:0    pts:0       pts_time:0',
    'lavfi.r128.M=-120.691',
    'frame:1    pts:4800    pts_time:0.1',
    'lavfi.r128.M=-inf',
    'frame:2    pts:9600    pts_time:0.2',
    'lavfi.r128.M=-21.5',
    '',
  ].join('\n');

  it('pairs each frame line with its loudness line', () => {
    expect(parseLoudnessOutput(output)).toEqual([
      { t: 0, M: -120.691 },
      { t: 0.1, M: -Infinity },
      { t: 0.2, M: -21.5 },
    ]);
  });

  it('gives the same samples however stdout is cut into chunks', () => {
    for (const size of [1, 3, 17]) {
      const samples: LoudnessSample[] = [];
      const feed = createLoudnessParser((s) => samples.push(s));
      for (let i = 0; i < output.length; i += size) feed(output.slice(i, i + size));
      expect(samples).toEqual(parseLoudnessOutput(output));
    }
  });

  it('reads the lines behind the log prefix ffmpeg puts on stderr', () => {
    const logged = output.split('\n').map((line) => (line ? `[Parsed_ametadata_1 @ 0x55d0c8a1ec0] ${line}` : line)).join('\r\n');
    expect(parseLoudnessOutput(logged)).toEqual(parseLoudnessOutput(output));
  });

  it('skips a loudness line without its frame line, and other noise', () => {
    expect(parseLoudnessOutput('lavfi.r128.M=-3\nsomething else\nframe:9 pts:1 pts_time:0.9\nlavfi.r128.M=-8\n')).toEqual([{ t: 0.9, M: -8 }]);
  });
});

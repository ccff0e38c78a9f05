import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeChildren } from '../src/child-runner';
import { createCheerTracker } from '../src/cheers/cheer-tracker';
import { createCrowdGame, CROWD_GAME } from '../src/cheers/crowd-game';
import { detectCheers } from '../src/cheers/detect-cheers';
import type { LoudnessSample } from '../src/cheers/loudness-parse';
import { loudnessSamples } from '../src/cheers/run-loudness';
import { MediaError } from '../src/media-error';
import { useTempDir } from './helpers/fixtures';

const tempDir = useTempDir('cheers');
let game: string;
let samples: LoudnessSample[];

beforeAll(async () => {
  game = path.join(tempDir(), 'game.m4a');
  await createCrowdGame(game);
  const started = performance.now();
  samples = [];
  for await (const sample of loudnessSamples(game)) samples.push(sample);
  const seconds = (performance.now() - started) / 1000;
  console.log(`cheers: loudness analysis of the ${CROWD_GAME.durationSec} s game took ${seconds.toFixed(2)} s (${Math.round(CROWD_GAME.durationSec / seconds)}x realtime)`);
}, 120_000);

describe('the generated 5-minute game', () => {
  it('has a sample every 100 ms over the whole game', () => {
    expect(samples.length).toBeGreaterThanOrEqual(CROWD_GAME.durationSec * 10 - 1);
    expect(samples.length).toBeLessThanOrEqual(CROWD_GAME.durationSec * 10 + 1);
    expect(samples[1]!.t - samples[0]!.t).toBeCloseTo(0.1, 5);
  });

  it('yields all 10 cheers within 2 s, nothing else (bang, whistle, chant), stronger cheers with more excess', () => {
    const found = detectCheers(samples, { top: 10 });
    // Ask for more than there are: a false positive would show up here.
    expect(detectCheers(samples, { top: 20 })).toEqual(found);
    expect(found).toHaveLength(CROWD_GAME.cheers.length);
    CROWD_GAME.cheers.forEach((cheer, i) => expect(Math.abs(found[i]!.timeSec - cheer.timeSec), `cheer at ${cheer.timeSec} s`).toBeLessThanOrEqual(2));
    const byStrength = CROWD_GAME.cheers.map((c, i) => ({ strength: c.strengthDb, excess: found[i]!.excessLu })).sort((a, b) => a.strength - b.strength);
    for (let i = 1; i < byStrength.length; i++) expect(byStrength[i]!.excess).toBeGreaterThan(byStrength[i - 1]!.excess);
    // Stars (round(cheer / max * 5)) follow the same order.
    const max = Math.max(...found.map((c) => c.excessLu));
    const stars = byStrength.map((c) => Math.round((c.excess / max) * 5));
    expect(stars).toEqual([...stars].sort((a, b) => a - b));
    expect(stars.at(-1)).toBe(5);
  });

  it('gives the same cheers when followed live, sample by sample', () => {
    const tracker = createCheerTracker();
    const live = samples.flatMap((sample) => tracker.push(sample));
    expect([...live, ...tracker.flush()]).toEqual(detectCheers(samples));
  });
});

describe('loudnessSamples', () => {
  it('stops ffmpeg when the consumer leaves early', async () => {
    let count = 0;
    for await (const sample of loudnessSamples(game)) {
      expect(sample.t).toBeCloseTo(count / 10, 5);
      if (++count === 5) break;
    }
    expect(activeChildren()).toEqual([]);
  });

  it('throws a MediaError for an input ffmpeg cannot read', async () => {
    const read = async () => {
      for await (const sample of loudnessSamples(path.join(tempDir(), 'missing.m4a'))) expect(sample).toBeUndefined();
    };
    await expect(read()).rejects.toBeInstanceOf(MediaError);
    await expect(read()).rejects.toThrow(/ffmpeg \(loudness\) exited with code 1/);
  });
});

// Crowd-cheer numbers for `npm run bench -- cheers`: the generated 5-minute game of
// packages/media/src/cheers/crowd-game.ts (10 cheers, a bang, a whistle, a 40 s chant) through the
// real ffmpeg analysis and the detector. Prints:
// - loudness analysis speed (ffmpeg ebur128 on the AAC track) as a multiple of realtime
// - detection time over the whole game, and the live tracker's cost per 100 ms sample
// - accuracy: cheers found within +-2 s of 10, the largest time error, other detections (target 10, 0)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ffmpeg } from './bench-videos.mjs';
import { within } from './lib/bounded.mjs';
import { at } from './lib/paths.mjs';

const since = (t0) => (performance.now() - t0) / 1000;

/** The TypeScript modules, bundled once into a temp ESM file (the bench runs on plain Node). */
async function loadCheers(dir) {
  const esbuild = await import('esbuild');
  const entry = path.join(dir, 'entry.ts');
  const src = (p) => JSON.stringify(at('packages/media/src/cheers', p));
  await fs.writeFile(
    entry,
    [
      `export { createCrowdGame, CROWD_GAME } from ${src('crowd-game.ts')};`,
      `export { detectCheers } from ${src('detect-cheers.ts')};`,
      `export { createCheerTracker } from ${src('cheer-tracker.ts')};`,
      `export { loudnessSamples } from ${src('run-loudness.ts')};`,
    ].join('\n'),
  );
  const outfile = path.join(dir, 'cheers.mjs');
  await esbuild.build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile, packages: 'external', logLevel: 'error' });
  return import(pathToFileURL(outfile).href);
}

export async function cheerBenchmarks() {
  // The bundle runs from a temp directory, where the media package's own lookup of the npm ffmpeg finds nothing.
  process.env.FFMPEG_PATH ??= ffmpeg;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-cheers-'));
  try {
    const { createCrowdGame, CROWD_GAME, detectCheers, createCheerTracker, loudnessSamples } = await loadCheers(dir);
    const game = path.join(dir, 'game.m4a');
    let t0 = performance.now();
    await within(`the ${CROWD_GAME.durationSec} s crowd game to be generated`, 10 * 60_000, createCrowdGame(game));
    console.log(`cheers: generated the ${CROWD_GAME.durationSec} s crowd game in ${since(t0).toFixed(1)} s`);

    t0 = performance.now();
    const collect = async () => {
      const all = [];
      for await (const sample of loudnessSamples(game)) all.push(sample);
      return all;
    };
    const samples = await within(`the loudness analysis of the ${CROWD_GAME.durationSec} s crowd game`, 10 * 60_000, collect());
    const analysis = since(t0);
    console.log(`cheers: loudness analysis ${analysis.toFixed(2)} s = ${Math.round(CROWD_GAME.durationSec / analysis)}x realtime (${samples.length} samples)`);

    t0 = performance.now();
    const found = detectCheers(samples);
    console.log(`cheers: detection over the whole game ${(since(t0) * 1000).toFixed(0)} ms`);
    t0 = performance.now();
    const tracker = createCheerTracker();
    for (const sample of samples) tracker.push(sample);
    tracker.flush();
    console.log(`cheers: live tracker ${((since(t0) * 1e6) / samples.length).toFixed(1)} us per 100 ms sample`);

    const matched = CROWD_GAME.cheers.map((c) => found.find((f) => Math.abs(f.timeSec - c.timeSec) <= 2));
    const errors = CROWD_GAME.cheers.map((c, i) => (matched[i] ? Math.abs(matched[i].timeSec - c.timeSec) : Infinity));
    const others = found.filter((f) => !matched.includes(f)).length;
    console.log(
      `cheers: found ${matched.filter(Boolean).length} of ${CROWD_GAME.cheers.length} within 2 s (largest error ${Math.max(...errors).toFixed(1)} s), ${others} other detections   target 10 of 10, 0 other`,
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

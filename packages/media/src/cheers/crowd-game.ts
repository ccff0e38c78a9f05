import { mediaPath } from '../args/common';
import { runFfmpeg } from '../run-ffmpeg';

/**
 * A generated crowd soundtrack with known moments, the fixture the cheer detector is proven on: a
 * crowd floor that wanders slowly, cheers of known strength (peak level above the floor, dB), and
 * the things that must not count.
 */
export interface CrowdGame {
  durationSec: number;
  cheers: readonly { timeSec: number; strengthDb: number }[];
  /** A 50 ms loud click. */
  bangSec: number;
  /** A 0.5 s loud 3 kHz tone. */
  whistleSec: number;
  /** Rhythmic chanting, louder than the weakest cheer. */
  chant: { startSec: number; durationSec: number; levelDb: number };
}

/** Five minutes; strengths 3 dB apart and shuffled in time, so "ordered by strength" is not "ordered by time". */
export const CROWD_GAME: CrowdGame = Object.freeze({
  durationSec: 300,
  cheers: [
    { timeSec: 15, strengthDb: 22 },
    { timeSec: 36, strengthDb: 10 },
    { timeSec: 56, strengthDb: 34 },
    { timeSec: 82, strengthDb: 16 },
    { timeSec: 103, strengthDb: 28 },
    { timeSec: 125, strengthDb: 13 },
    { timeSec: 210, strengthDb: 37 },
    { timeSec: 232, strengthDb: 19 },
    { timeSec: 255, strengthDb: 31 },
    { timeSec: 278, strengthDb: 25 },
  ],
  bangSec: 69,
  whistleSec: 140,
  chant: { startSec: 150, durationSec: 40, levelDb: 12 },
});

/** Crowd floor amplitude (uniform noise, about -49 dBFS RMS), wandering +-1 dB over 47 s. */
const FLOOR = 0.01;
// 16 kHz keeps the 3 kHz whistle and generates three times faster than 48 kHz (ebur128 resamples).
const SAMPLE_RATE = 16000;

const gain = (db: number) => 10 ** (db / 20) - 1;
const num = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** The `aevalsrc` expression of a game (commas escaped for the filter graph parser). */
export function crowdGameExpression(game: CrowdGame = CROWD_GAME): string {
  const bumps = game.cheers.map((c) => `${num(FLOOR * gain(c.strengthDb))}*exp(-pow((t-${num(c.timeSec)})/1.2,2))`);
  const { startSec, durationSec, levelDb } = game.chant;
  // Chanting swells and falls on a 0.8 s beat around its level.
  const chant = `${num(FLOOR * gain(levelDb))}*between(t,${num(startSec)},${num(startSec + durationSec)})*(0.75+0.25*sin(2*PI*t/0.8))`;
  const crowd = `(2*random(0)-1)*(${FLOOR}*(1+0.12*sin(2*PI*t/47))+${[...bumps, chant].join('+')})`;
  const bang = `0.9*between(t,${num(game.bangSec)},${num(game.bangSec + 0.05)})*(2*random(1)-1)`;
  const whistle = `0.5*between(t,${num(game.whistleSec)},${num(game.whistleSec + 0.5)})*sin(2*PI*3000*t)`;
  return `${crowd}+${bang}+${whistle}`.replaceAll(',', '\\,');
}

/** Writes the game's crowd track as mono AAC in an .m4a (what a live stream's audio is). */
export function crowdGameArgs(output: string, game: CrowdGame = CROWD_GAME): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=${crowdGameExpression(game)}:s=${SAMPLE_RATE}:d=${num(game.durationSec)}`,
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-f',
    'mp4',
    mediaPath(output),
  ];
}

export async function createCrowdGame(output: string, options: { game?: CrowdGame; ffmpegPath?: string; signal?: AbortSignal } = {}): Promise<void> {
  await runFfmpeg(crowdGameArgs(output, options.game), { ffmpegPath: options.ffmpegPath, signal: options.signal, outputFile: output });
}

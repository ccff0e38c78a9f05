import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveClipArgs } from '../src/args/live-clip';
import { findFfmpeg } from '../src/binaries';
import { cutLiveClip } from '../src/live-clip-cut';
import { probe } from '../src/probe';
import { runFfmpeg } from '../src/run-ffmpeg';
import { decodedFrameNumbers } from './helpers/decoded';
import { clip, useTempDir } from './helpers/fixtures';

const FPS = 25;
const SEGMENTS = 6;
const tempDir = useTempDir('live-clip');
let dir: string;
let segments: string[];

/** ffmpeg's end-of-run statistics (`-loglevel verbose`): frames decoded per input stream, summed. */
function framesDecoded(args: string[]): Promise<number> {
  const verbose = args.map((arg, i) => (args[i - 1] === '-loglevel' ? 'verbose' : arg));
  return new Promise((resolve, reject) => {
    execFile(findFfmpeg().path, verbose, (error, _stdout, stderr) => {
      if (error) return reject(new Error(`${error.message}\n${stderr}`));
      resolve([...stderr.matchAll(/(\d+) frames decoded/g)].reduce((sum, m) => sum + Number(m[1]), 0));
    });
  });
}

beforeAll(async () => {
  dir = tempDir();
  const source = await clip(dir, 'numbered.mp4', { durationSec: SEGMENTS, fps: FPS, frameNumbers: true });
  // 1 s MPEG-TS segments with a keyframe each, as the live segmenter writes them.
  // prettier-ignore
  await runFfmpeg([
    '-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', source,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(FPS), '-keyint_min', String(FPS), '-sc_threshold', '0', '-c:a', 'aac',
    '-f', 'segment', '-segment_format', 'mpegts', '-segment_time', '1', path.join(dir, 'seg-%d.ts'),
  ]);
  segments = (await readdir(dir))
    .filter((f) => f.startsWith('seg-'))
    .sort((a, b) => Number.parseInt(a.slice(4), 10) - Number.parseInt(b.slice(4), 10))
    .map((f) => path.join(dir, f));
  expect(segments).toHaveLength(SEGMENTS);
});

describe('cutLiveClip', () => {
  it('joins the segments by stream copy and writes the first frame as the poster', async () => {
    const output = path.join(dir, 'clip.mp4');
    const poster = path.join(dir, 'poster.jpg');
    await cutLiveClip({ segments: segments.slice(2), output, poster });
    const media = await probe(output);
    expect(media.video?.codec).toBe('h264');
    expect(media.audio?.codec).toBe('aac');
    expect(Math.abs(media.durationSec! - (SEGMENTS - 2))).toBeLessThan(0.1);
    expect(await decodedFrameNumbers(output, 1)).toEqual([2 * FPS]);
    expect(await decodedFrameNumbers(poster)).toEqual([2 * FPS]);
  });

  it("decodes only the first segment for the poster, not the whole clip (a press's wait grew with the clip's length)", async () => {
    const args = liveClipArgs({ segments, output: path.join(dir, 'decoded.mp4'), poster: path.join(dir, 'decoded.jpg') });
    const decoded = await framesDecoded(args);
    expect(decoded).toBeGreaterThan(0);
    expect(decoded).toBeLessThanOrEqual(FPS);
  });
});

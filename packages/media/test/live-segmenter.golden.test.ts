import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { liveSegmenterArgs, parseLiveSegmentLine } from '../src/args/live-segmenter';

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden', 'live-segmenter.json');

/** Pins the live segmenter's command lines (regenerate deliberately with UPDATE_GOLDEN=1), like args.golden.test.ts. */
describe('live segmenter arguments', () => {
  it('match the golden file', () => {
    const base = { input: 'rtmp://127.0.0.1:1935/live/k3y_-', outputDir: '/data/live-ingest/s1/', readTimeoutSec: 3 };
    const cases = JSON.parse(
      JSON.stringify({
        'H.264 + AAC: both copied': liveSegmenterArgs({ ...base, videoIsH264: true, audioIsAac: true }),
        'H.264 + MP3: video copied, audio encoded': liveSegmenterArgs({ ...base, videoIsH264: true, audioIsAac: false }),
        'other video + AAC: video encoded with 1 s keyframes': liveSegmenterArgs({ ...base, videoIsH264: false, audioIsAac: true }),
        'a directory starting with a dash': liveSegmenterArgs({ ...base, outputDir: '-odd', videoIsH264: true, audioIsAac: true }),
      }),
    ) as unknown;
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, `${JSON.stringify(cases, null, 2)}\n`);
    if (!existsSync(GOLDEN)) throw new Error(`Golden file ${GOLDEN} is missing; run with UPDATE_GOLDEN=1 to create it.`);
    expect(cases).toEqual(JSON.parse(readFileSync(GOLDEN, 'utf8')));
  });

  it('reads the segment list lines ffmpeg 4.1 and 5.1 write', () => {
    expect(parseLiveSegmentLine('0.ts,0.000000,1.066667')).toEqual({ index: 0, file: '0.ts', startSec: 0, endSec: 1.066667 });
    expect(parseLiveSegmentLine('/data/x/12.ts,12.066000,13.066000')).toEqual({ index: 12, file: '12.ts', startSec: 12.066, endSec: 13.066 });
    for (const bad of ['', 'ffmpeg version 5.1', 'a.ts,0,1', '3.ts,2.0,1.0', '3.ts,abc,1']) expect(parseLiveSegmentLine(bad)).toBeNull();
  });
});

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { liveClipArgs } from '../src/args/live-clip';
import { MediaError } from '../src/media-error';

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden', 'live-clip.json');

describe('live clip arguments', () => {
  it('match their golden file (regenerate deliberately with UPDATE_GOLDEN=1)', () => {
    const actual = {
      'three segments with a poster': liveClipArgs({
        segments: ['/data/live/e1/10.ts', '/data/live/e1/11.ts', '/data/live/e1/12.ts'],
        output: '/data/tmp/clip.mp4',
        poster: '/data/tmp/poster.jpg',
      }),
      'one segment, no poster': liveClipArgs({ segments: ['/data/live/e1/0.ts'], output: '/data/tmp/clip.mp4' }),
    };
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, `${JSON.stringify(actual, null, 2)}\n`);
    if (!existsSync(GOLDEN)) throw new Error(`Golden file ${GOLDEN} is missing; run with UPDATE_GOLDEN=1 to create it.`);
    expect(actual).toEqual(JSON.parse(readFileSync(GOLDEN, 'utf8')));
  });

  it('refuses no segments and paths the concat protocol would split', () => {
    expect(() => liveClipArgs({ segments: [], output: '/o.mp4' })).toThrow(MediaError);
    expect(() => liveClipArgs({ segments: ['/a|b.ts'], output: '/o.mp4' })).toThrow(/must not contain '\|'/);
  });
});

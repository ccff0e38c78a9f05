import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { durationScanArgs } from '../src/args/duration-scan';
import { posterArgs } from '../src/args/poster';
import { remuxArgs } from '../src/args/remux';
import { fullPreset, lowPreset, renditionArgs } from '../src/args/rendition';
import { setRotationArgs } from '../src/args/rotation';
import { storyboardArgs, storyboardLayout } from '../src/args/storyboard';
import { testPatternArgs } from '../src/args/test-pattern';

const GOLDEN_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

/**
 * Golden files pin the exact ffmpeg command lines: any change shows up in review as a diff
 * of test/golden/*.json. Regenerate deliberately with UPDATE_GOLDEN=1.
 */
function expectGolden(name: string, cases: Record<string, unknown>): void {
  const file = path.join(GOLDEN_DIR, `${name}.json`);
  const actual = JSON.parse(JSON.stringify(cases)) as unknown;
  if (UPDATE) {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(file, `${JSON.stringify(actual, null, 2)}\n`);
    return;
  }
  if (!existsSync(file)) {
    throw new Error(`Golden file ${file} is missing; run with UPDATE_GOLDEN=1 to create it.`);
  }
  expect(actual).toEqual(JSON.parse(readFileSync(file, 'utf8')));
}

describe('argument builders match their golden files', () => {
  it('rendition', () => {
    expectGolden('rendition', {
      'low, 1080p landscape at 29.97 fps with audio': renditionArgs({
        ...lowPreset,
        input: '/data/uploads/match.mov',
        output: '/data/renditions/low.mp4',
        sourceWidth: 1920,
        sourceHeight: 1080,
        sourceFps: 29.97,
        audio: true,
      }),
      'full, phone portrait at 60 fps with audio': renditionArgs({
        ...fullPreset,
        input: '/data/uploads/phone.mp4',
        output: '/data/renditions/full.mp4',
        sourceWidth: 1080,
        sourceHeight: 1920,
        sourceFps: 59.94,
        audio: true,
      }),
      'full, small source (no upscale), no audio, frame rate unknown': renditionArgs({
        ...fullPreset,
        input: '/data/uploads/small.webm',
        output: '/data/renditions/full.mp4',
        sourceWidth: 640,
        sourceHeight: 480,
        audio: false,
      }),
      'explicit options': renditionArgs({
        input: '/in.mp4',
        output: '/out.mp4',
        height: 720,
        sourceWidth: 3840,
        sourceHeight: 2160,
        fps: 25,
        crf: 20,
        preset: 'medium',
        audio: true,
      }),
    });
  });

  it('remux', () => {
    expectGolden('remux', {
      'with audio': remuxArgs({ input: '/data/uploads/match.mp4', output: '/data/renditions/original.mp4' }),
      'video only': remuxArgs({ input: '/data/uploads/match.mp4', output: '/data/renditions/original.mp4', audio: false }),
    });
  });

  it('poster', () => {
    expectGolden('poster', {
      'at 1.5 s': posterArgs({ input: '/data/uploads/match.mp4', output: '/data/posters/match.jpg', timeSec: 1.5 }),
      'at 0 s, 320 wide': posterArgs({ input: '/data/uploads/match.mp4', output: '/data/posters/small.jpg', timeSec: 0, width: 320 }),
    });
  });

  it('storyboard', () => {
    const landscape = storyboardLayout({ durationSec: 95.3, sourceWidth: 1920, sourceHeight: 1080 });
    const portraitLong = storyboardLayout({ durationSec: 1800, sourceWidth: 1080, sourceHeight: 1920, intervalSec: 5 });
    expectGolden('storyboard', {
      '95 s landscape': {
        layout: landscape,
        args: storyboardArgs({ input: '/data/uploads/match.mp4', output: '/data/storyboards/match.jpg', layout: landscape }),
      },
      '30 min portrait every 5 s (capped)': {
        layout: portraitLong,
        args: storyboardArgs({ input: '/data/uploads/phone.mp4', output: '/data/storyboards/phone.jpg', layout: portraitLong }),
      },
      'keyframes only, from a rendition': {
        layout: landscape,
        args: storyboardArgs({ input: '/tmp/transcode/low.mp4', output: '/tmp/transcode/storyboard.jpg', layout: landscape, keyframesOnly: true }),
      },
    });
  });

  it('test-pattern', () => {
    expectGolden('test-pattern', {
      'mp4 defaults': testPatternArgs({ output: '/tmp/clip.mp4' }),
      'webm 640x360 30 fps': testPatternArgs({ output: '/tmp/clip.webm', container: 'webm', width: 640, height: 360, fps: 30, durationSec: 2.5 }),
      'video only': testPatternArgs({ output: '/tmp/silent.mp4', audio: false }),
      'audio only m4a': testPatternArgs({ output: '/tmp/tone.m4a', video: false, durationSec: 1 }),
      'variable frame rate': testPatternArgs({ output: '/tmp/vfr.mp4', fps: 30, durationSec: 3, variableFrameRate: true }),
    });
  });

  it('duration-scan', () => {
    expectGolden('duration-scan', {
      'recorded webm': durationScanArgs('/data/uploads/stream-1700000000000.webm'),
      'ambiguous name': durationScanArgs('-clip.mp4'),
    });
  });

  it('rotation', () => {
    expectGolden('rotation', {
      'portrait (90)': setRotationArgs({ input: '/tmp/upright.mp4', output: '/tmp/portrait.mp4', rotation: 90 }),
      'upside down (180)': setRotationArgs({ input: '/tmp/upright.mp4', output: '/tmp/flipped.mp4', rotation: 180 }),
    });
  });
});

import { describe, expect, it } from 'vitest';
import { BASE_ARGS, mediaPath, scaledEven, seconds } from '../src/args/common';
import { canRemux, remuxArgs } from '../src/args/remux';
import { fullPreset, h264Level, lowPreset, renditionArgs, renditionFps, renditionSize } from '../src/args/rendition';
import { posterArgs, posterSize, posterTimeSec } from '../src/args/poster';
import { rotateTagFor, setRotationArgs } from '../src/args/rotation';
import { storyboardArgs, storyboardLayout, storyboardTileAt } from '../src/args/storyboard';
import { testPatternArgs } from '../src/args/test-pattern';
import type { ProbeResult } from '../src/probe';

const rendition = { input: '/in.mov', output: '/out.mp4', audio: true } as const;
const layout = storyboardLayout({ durationSec: 10, sourceWidth: 1280, sourceHeight: 720 });

const allBuilders: [string, string[]][] = [
  ['rendition', renditionArgs({ ...rendition, height: 360, sourceWidth: 1920, sourceHeight: 1080 })],
  ['remux', remuxArgs({ input: '/in.mp4', output: '/out.mp4' })],
  ['poster', posterArgs({ input: '/in.mp4', output: '/p.jpg', timeSec: 1 })],
  ['storyboard', storyboardArgs({ input: '/in.mp4', output: '/s.jpg', layout })],
  ['test-pattern', testPatternArgs({ output: '/t.mp4' })],
  ['rotation', setRotationArgs({ input: '/in.mp4', output: '/r.mp4', rotation: 90 })],
];

function valueAfter(args: string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i < 0 ? undefined : args[i + 1];
}

describe('every builder', () => {
  it.each(allBuilders)('%s starts with the shared prefix and ends with the output', (_, args) => {
    expect(args.slice(0, BASE_ARGS.length)).toEqual([...BASE_ARGS]);
    expect(args.at(-1)).toMatch(/^\/(out|p|s|t|r)\./);
  });
});

describe('renditionSize', () => {
  it.each([
    // [target, source w, source h, expected w, expected h]
    [360, 1920, 1080, 640, 360],
    [1080, 1920, 1080, 1920, 1080],
    [1080, 1280, 720, 1280, 720], // never upscale
    [360, 1080, 1920, 360, 640], // portrait: the short side is the width
    [1080, 320, 240, 320, 240],
    [360, 1440, 1080, 480, 360],
    [360, 853, 480, 640, 360], // odd width rounds to even
    [360, 641, 359, 640, 358], // odd short side floors to even
  ])('target %i from %ix%i -> %ix%i', (height, sourceWidth, sourceHeight, width, expectedHeight) => {
    const size = renditionSize({ height, sourceWidth, sourceHeight });
    expect(size).toMatchObject({ width, height: expectedHeight });
    expect(size.width % 2).toBe(0);
    expect(size.height % 2).toBe(0);
  });

  it('uses the computed size in the scale filter', () => {
    expect(valueAfter(renditionArgs({ ...rendition, height: 1080, sourceWidth: 1280, sourceHeight: 720 }), '-vf')).toBe('scale=-2:720');
    expect(valueAfter(renditionArgs({ ...rendition, height: 360, sourceWidth: 1080, sourceHeight: 1920 }), '-vf')).toBe('scale=360:-2');
  });

  it('rejects impossible sizes', () => {
    expect(() => renditionSize({ height: 360, sourceWidth: 0, sourceHeight: 1080 })).toThrow(RangeError);
  });
});

describe('renditionArgs', () => {
  it('maps optional audio only when asked and otherwise drops it', () => {
    const withAudio = renditionArgs({ ...rendition, height: 360, sourceWidth: 640, sourceHeight: 360 });
    expect(withAudio.join(' ')).toContain('-map 0:v:0 -map 0:a:0?');
    expect(valueAfter(withAudio, '-c:a')).toBe('aac');
    const silent = renditionArgs({ ...rendition, audio: false, height: 360, sourceWidth: 640, sourceHeight: 360 });
    expect(silent).toContain('-an');
    expect(silent).not.toContain('0:a:0?');
  });

  it('derives a constant output rate from the source rate', () => {
    const args = renditionArgs({ ...rendition, ...lowPreset, sourceWidth: 1920, sourceHeight: 1080, sourceFps: 59.94 });
    expect(valueAfter(args, '-vf')).toBe('fps=30000/1001,scale=-2:360');
    expect(valueAfter(args, '-vsync')).toBe('cfr');
  });

  it('applies preset quality settings', () => {
    const args = renditionArgs({ ...rendition, ...fullPreset, sourceWidth: 1920, sourceHeight: 1080, sourceFps: 30 });
    expect(valueAfter(args, '-crf')).toBe(String(fullPreset.crf));
    expect(valueAfter(args, '-maxrate')).toBe(`${fullPreset.maxBitrateKbps}k`);
    expect(valueAfter(args, '-level:v')).toBe('4.0');
  });
});

describe('renditionFps', () => {
  it.each([
    [null, 60, 30],
    [29.97, 60, 29.97],
    [29.43, 60, 29.97], // VFR phone average snaps to nominal
    [25, 30, 25],
    [59.94, 30, 29.97],
    [50, 30, 25],
    [120, 60, 60],
    [240, 30, 30],
    [12.5, 60, 12.5],
  ])('%s (max %i) -> %s', (source, max, expected) => {
    expect(renditionFps(source, max)).toBe(expected);
  });
});

describe('h264Level', () => {
  it.each([
    [640, 360, 30, undefined, '3.0'],
    [1280, 720, 30, undefined, '3.1'],
    [1280, 720, 60, undefined, '3.2'],
    [1920, 1080, 30, 8000, '4.0'],
    [1920, 1080, 30, 40000, '4.1'],
    [1920, 1080, 60, undefined, '4.2'],
    [1920, 1080, undefined, undefined, '4.2'],
    [3840, 2160, 30, undefined, '5.1'],
  ])('%ix%i at %s fps, max %s kbit/s -> level %s', (w, h, fps, kbps, level) => {
    expect(h264Level(w, h, fps, kbps)).toBe(level);
  });
});

describe('canRemux', () => {
  const base: ProbeResult = {
    durationSec: 10,
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    sizeBytes: 1,
    bitRate: 1,
    streams: [],
    video: {
      index: 0,
      codec: 'h264',
      profile: 'High',
      width: 1280,
      height: 720,
      displayWidth: 1280,
      displayHeight: 720,
      fps: 30,
      nominalFps: 30,
      rotation: 0,
      isVariableFrameRate: false,
      pixFmt: 'yuv420p',
      bitRate: 1,
    },
    audio: { index: 1, codec: 'aac', sampleRate: 48000, channels: 2, bitRate: 1 },
  };
  const withVideo = (patch: Partial<NonNullable<ProbeResult['video']>>): ProbeResult => ({ ...base, video: { ...base.video!, ...patch } });

  it('accepts upright constant-rate H.264 with AAC or no audio', () => {
    expect(canRemux(base)).toBe(true);
    expect(canRemux({ ...base, audio: null })).toBe(true);
  });

  it.each([
    ['hevc', withVideo({ codec: 'hevc' })],
    ['10-bit', withVideo({ pixFmt: 'yuv420p10le' })],
    ['rotated', withVideo({ rotation: 90 })],
    ['VFR', withVideo({ isVariableFrameRate: true })],
    ['opus audio', { ...base, audio: { ...base.audio!, codec: 'opus' } }],
    ['no video', { ...base, video: null }],
  ])('refuses %s', (_, result) => {
    expect(canRemux(result)).toBe(false);
  });
});

describe('storyboard layout', () => {
  it('computes tiles for the duration', () => {
    expect(storyboardLayout({ durationSec: 95, sourceWidth: 1920, sourceHeight: 1080 })).toEqual({
      intervalSec: 2,
      count: 48,
      columns: 10,
      rows: 5,
      tileWidth: 160,
      tileHeight: 90,
      width: 1600,
      height: 450,
    });
  });

  it('widens the interval to stay under maxTiles', () => {
    const long = storyboardLayout({ durationSec: 3600, sourceWidth: 1920, sourceHeight: 1080 });
    expect(long.intervalSec).toBe(36);
    expect(long.count).toBeLessThanOrEqual(100);
  });

  it('keeps a single short clip on one tile and portrait tiles tall', () => {
    expect(storyboardLayout({ durationSec: 0.5, sourceWidth: 1080, sourceHeight: 1920 })).toMatchObject({
      count: 1,
      columns: 1,
      rows: 1,
      tileHeight: 284,
    });
  });

  it('maps time to a tile', () => {
    const grid = storyboardLayout({ durationSec: 95, sourceWidth: 1920, sourceHeight: 1080 });
    expect(storyboardTileAt(grid, 0)).toEqual({ index: 0, x: 0, y: 0, width: 160, height: 90 });
    expect(storyboardTileAt(grid, 23.9)).toMatchObject({ index: 11, x: 160, y: 90 });
    expect(storyboardTileAt(grid, 10_000)).toMatchObject({ index: 47, x: 1120, y: 360 });
    expect(storyboardTileAt(grid, -5).index).toBe(0);
  });
});

describe('small helpers', () => {
  it('formats seconds plainly', () => {
    expect([0, 1, 1.5, 0.0004, 12.3456, 1e-7, 3600].map(seconds)).toEqual(['0', '1', '1.5', '0', '12.346', '0', '3600']);
  });

  it('protects paths that ffmpeg would misread', () => {
    expect(mediaPath('/data/a.mp4')).toBe('/data/a.mp4');
    expect(mediaPath('-rf.mp4')).toBe('file:-rf.mp4');
    expect(mediaPath('http://evil/x')).toBe('file:http://evil/x');
    expect(mediaPath('clip.mp4')).toBe('clip.mp4');
  });

  it('matches ffmpeg -2 rounding', () => {
    expect(scaledEven(160, 1920, 1080)).toBe(90);
    expect(scaledEven(160, 1080, 1920)).toBe(284);
    expect(scaledEven(360, 1080, 1920)).toBe(640);
  });

  it('picks poster times and sizes', () => {
    expect(posterTimeSec(null)).toBe(0);
    expect(posterTimeSec(2)).toBeCloseTo(0.2);
    expect(posterTimeSec(600)).toBe(5);
    expect(posterSize(1920, 1080)).toEqual({ width: 640, height: 360 });
    expect(posterSize(320, 240)).toEqual({ width: 320, height: 240 });
  });

  it('inverts rotation for ffmpeg rotate override', () => {
    expect([0, 90, 180, 270].map((r) => rotateTagFor(r as 0 | 90 | 180 | 270))).toEqual([0, 270, 180, 90]);
  });

  it('refuses a test pattern with neither audio nor video', () => {
    expect(() => testPatternArgs({ output: '/x.mp4', audio: false, video: false })).toThrow(RangeError);
  });
});

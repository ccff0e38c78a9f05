import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clipCopyArgs, clipCopyList, clipEncodeArgs, clipJoinArgs, clipJoinList, clipPosterArgs, planClipCut } from '../src/args/clip';
import { durationScanArgs } from '../src/args/duration-scan';
import { posterArgs } from '../src/args/poster';
import { remuxArgs } from '../src/args/remux';
import { fullPreset, lowPreset, renditionArgs } from '../src/args/rendition';
import { setRotationArgs } from '../src/args/rotation';
import { storyboardArgs, storyboardLayout } from '../src/args/storyboard';
import { planReelExport, reelExportArgs } from '../src/args/reel';
import { testPatternArgs } from '../src/args/test-pattern';
import { codecHeaderProbeArgs } from '../src/codec-header';
import { keyframeProbeArgs } from '../src/keyframes';
import { loudnessArgs } from '../src/args/loudness';
import { crowdGameArgs } from '../src/cheers/crowd-game';
import { keyframesEvery2s, renditionProbe } from './helpers/probe-results';

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
      'frame numbers': testPatternArgs({ output: '/tmp/numbered.mp4', fps: 25, durationSec: 10, frameNumbers: true }),
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

  it('clip', () => {
    const source = '/data/renditions/full.mp4';
    // 10.5 s + 15 s of a 29.97 fps rendition with keyframes every 2 s: frames 315..764.
    const smart = planClipCut(renditionProbe(), { startSec: 10.5, durationSec: 15 }, keyframesEvery2s(60));
    const [head, copy, tail] = smart.pieces;
    const copied = planClipCut(renditionProbe(), { startSec: 12.012, durationSec: 14.014 }, keyframesEvery2s(60));
    const vp9 = planClipCut(renditionProbe({ codec: 'vp9', profile: 'Profile 0' }), { startSec: 10.5, durationSec: 15 }, []);
    const silent = planClipCut(renditionProbe({}, { audio: null }), { startSec: 10.5, durationSec: 15 }, keyframesEvery2s(60));
    expectGolden('clip', {
      'smart plan': smart,
      'head re-encode': clipEncodeArgs({ input: source, output: '/tmp/clip/smart-0.mp4', plan: smart, piece: head! }),
      'copy list': clipCopyList(source, smart, copy!),
      'copy': clipCopyArgs({ listFile: '/tmp/clip/smart-1.txt', output: '/tmp/clip/smart-1.mp4', piece: copy! }),
      'end re-encode': clipEncodeArgs({ input: source, output: '/tmp/clip/smart-2.mp4', plan: smart, piece: tail! }),
      'join list': clipJoinList([
        { file: '/tmp/clip/smart-0.mp4', durationSec: head!.durationSec },
        { file: "/tmp/clip/it's-1.mp4", durationSec: copy!.durationSec },
        { file: '/tmp/clip/smart-2.mp4', durationSec: tail!.durationSec },
      ]),
      'join': clipJoinArgs({ listFile: '/tmp/clip/join.txt', source, output: '/data/clips/clip.mp4', plan: smart }),
      'join without audio': clipJoinArgs({ listFile: '/tmp/clip/join.txt', source, output: '/data/clips/clip.mp4', plan: silent }),
      'copy plan (keyframe to keyframe)': copied,
      'full re-encode plan (VP9 source)': vp9,
      'full re-encode': clipEncodeArgs({ input: '/data/uploads/match.webm', output: '/tmp/clip/reencode-0.mp4', plan: vp9, piece: vp9.pieces[0]! }),
      'poster': clipPosterArgs({ clip: '/data/clips/clip.mp4', output: '/data/clips/clip.jpg' }),
    });
  });

  it('clip probes', () => {
    expectGolden('clip-probes', {
      'keyframes': keyframeProbeArgs('/data/renditions/full.mp4', 10.5, 26.5),
      'codec header': codecHeaderProbeArgs('/data/renditions/full.mp4'),
    });
  });

  it('reel', () => {
    const plan = planReelExport([
      { path: '/data/clips/a.mp4', probe: renditionProbe(), start: 0, duration: 15 },
      {
        path: '/data/clips/phone.mp4',
        probe: renditionProbe({ width: 720, height: 1280, displayWidth: 720, displayHeight: 1280, fps: 60, nominalFps: 60 }, { audio: null }),
        start: 2.5,
        duration: 8,
      },
    ]);
    expectGolden('reel', { plan, args: reelExportArgs(plan, '/data/reels/reel.mp4') });
  });

  it('reel with drawings held', () => {
    const silentPhone = renditionProbe({ width: 720, height: 1280, displayWidth: 720, displayHeight: 1280 }, { audio: null });
    const oneClip = planReelExport([{ path: '/data/clips/a.mp4', probe: renditionProbe(), start: 0, duration: 8, holds: [{ atSec: 2.5, holdSec: 3, overlay: '/tmp/export/hold-0.png' }] }]);
    const mixed = planReelExport([
      {
        path: '/data/clips/a.mp4',
        probe: renditionProbe(),
        start: 1,
        duration: 12,
        holds: [
          { atSec: 10, holdSec: 2, overlay: '/tmp/export/hold-1.png' },
          { atSec: 2.5, holdSec: 3, overlay: '/tmp/export/hold-0a.png' },
          // Two drawings on one frame: held one after the other.
          { atSec: 2.5, holdSec: 1, overlay: '/tmp/export/hold-0b.png' },
          // A hold of no time shows nothing.
          { atSec: 4, holdSec: 0, overlay: '/tmp/export/never.png' },
        ],
      },
      { path: '/data/clips/plain.mp4', probe: renditionProbe(), start: 0, duration: 5 },
      { path: '/data/clips/phone.mp4', probe: silentPhone, start: 0, duration: 4, holds: [{ atSec: 4, holdSec: 1.5, overlay: '/tmp/export/hold-2.png' }] },
    ]);
    expectGolden('reel-holds', {
      'one clip, one drawing': { plan: oneClip, args: reelExportArgs(oneClip, '/data/reels/reel.mp4') },
      'drawings in two of three chunks, one without audio': { plan: mixed, args: reelExportArgs(mixed, '/data/reels/reel.mp4') },
    });
  });

  it('loudness', () => {
    expectGolden('loudness', {
      'file': loudnessArgs({ input: '/data/live/game.m4a' }),
      'file whose name looks like a protocol': loudnessArgs({ input: 'rtmp:game.flv' }),
      'live pull, default stall timeout': loudnessArgs({ input: 'rtmp://127.0.0.1:1935/live/abc' }),
      'live pull, 4 s stall timeout': loudnessArgs({ input: 'rtmp://127.0.0.1:1935/live/abc', stallTimeoutSec: 4 }),
      'crowd game fixture': crowdGameArgs('/tmp/game.m4a'),
    });
  });
});

import { describe, expect, it } from 'vitest';
import { planClipCut } from '../src/args/clip';
import { planReelExport } from '../src/args/reel';
import { headerMismatch, parseH264Header, parseHexDump } from '../src/codec-header';
import { parseKeyframes } from '../src/keyframes';
import { isMediaError } from '../src/media-error';
import { StepProgress } from '../src/step-progress';
import { keyframesEvery2s, renditionProbe } from './helpers/probe-results';

const keyframes = keyframesEvery2s(60);
const kinds = (plan: { pieces: { kind: string; startFrame: number; frames: number }[] }) =>
  plan.pieces.map((p) => `${p.kind} ${p.startFrame}+${p.frames}`);

describe('planClipCut', () => {
  it('copies from a keyframe to a keyframe', () => {
    const plan = planClipCut(renditionProbe(), { startSec: 2.002, durationSec: 4.004 }, keyframes);
    expect(plan).toMatchObject({ mode: 'copy', reason: '', startFrame: 60, frames: 120 });
    expect(kinds(plan)).toEqual(['copy 60+120']);
  });

  it('copies to the end of the stream even when it is not a keyframe', () => {
    // The last keyframe is frame 1739 (58.025 s); the stream's 60.06 s hold 1800 frames.
    const plan = planClipCut(renditionProbe(), { startSec: keyframes.at(-1)!, durationSec: 30 }, keyframes);
    expect(plan.mode).toBe('copy');
    expect(kinds(plan)).toEqual(['copy 1739+61']);
  });

  it('re-encodes the frames before the first and after the last keyframe', () => {
    const plan = planClipCut(renditionProbe(), { startSec: 3, durationSec: 4 }, keyframes);
    expect(plan).toMatchObject({ mode: 'smart', reason: 'the clip starts between keyframes', startFrame: 90, frames: 120 });
    expect(kinds(plan)).toEqual(['encode 90+30', 'copy 120+60', 'encode 180+30']);
    expect(plan.pieces.reduce((sum, p) => sum + p.durationSec, 0)).toBeCloseTo(plan.durationSec, 9);
  });

  it('re-encodes only the end when the clip starts on a keyframe', () => {
    const plan = planClipCut(renditionProbe(), { startSec: 2.002, durationSec: 3 }, keyframes);
    expect(plan).toMatchObject({ mode: 'smart', reason: 'the clip ends between keyframes' });
    expect(kinds(plan)).toEqual(['copy 60+60', 'encode 120+30']);
  });

  it('re-encodes a clip that holds no complete group of pictures', () => {
    const plan = planClipCut(renditionProbe(), { startSec: 2.5, durationSec: 2 }, keyframes);
    expect(plan).toMatchObject({ mode: 'reencode', reason: 'the clip holds no complete group of pictures' });
    expect(kinds(plan)).toEqual(['encode 75+60']);
  });

  it.each([
    [{ codec: 'vp9', profile: 'Profile 0' }, 'the source is vp9, not H.264'],
    [{ profile: 'Main' }, 'the source is H.264 Main, not High'],
    [{ pixFmt: 'yuv422p' }, "the source's pixel format is yuv422p"],
    [{ rotation: 90 as const, displayWidth: 1080, displayHeight: 1920 }, 'the source is rotated'],
    [{ isVariableFrameRate: true }, 'the source has no constant frame rate'],
  ])('re-encodes a source that is not our rendition: %o', (video, reason) => {
    const plan = planClipCut(renditionProbe(video), { startSec: 2.002, durationSec: 4.004 }, keyframes);
    expect(plan).toMatchObject({ mode: 'reencode', reason });
    expect(plan.pieces).toHaveLength(1);
  });

  it('re-encodes at the displayed size and never upscales', () => {
    const plan = planClipCut(renditionProbe({ rotation: 90, displayWidth: 1080, displayHeight: 1920 }), { startSec: 0, durationSec: 1 }, []);
    expect(plan).toMatchObject({ width: 1080, height: 1920 });
    const small = planClipCut(renditionProbe({ codec: 'vp9', width: 640, height: 360, displayWidth: 640, displayHeight: 360 }), { startSec: 0, durationSec: 1 }, []);
    expect(small).toMatchObject({ width: 640, height: 360 });
  });

  it('re-encodes everything when asked to', () => {
    const plan = planClipCut(renditionProbe(), { startSec: 3, durationSec: 4 }, keyframes, { reencode: 'the codec header would not match (x)' });
    expect(plan).toMatchObject({ mode: 'reencode', reason: 'the codec header would not match (x)' });
  });

  it('cuts a clip short at the end of the video', () => {
    const plan = planClipCut(renditionProbe(), { startSec: 59, durationSec: 10 }, keyframes);
    expect(plan.startFrame + plan.frames).toBe(1800);
  });

  it('refuses impossible ranges', () => {
    expect(() => planClipCut(renditionProbe(), { startSec: -1, durationSec: 2 }, keyframes)).toThrow('invalid clip start: -1');
    expect(() => planClipCut(renditionProbe(), { startSec: 1, durationSec: 0 }, keyframes)).toThrow('invalid clip duration: 0');
    expect(() => planClipCut(renditionProbe(), { startSec: Number.NaN, durationSec: 1 }, keyframes)).toThrow('invalid clip start');
    expect(() => planClipCut(renditionProbe(), { startSec: 61, durationSec: 5 }, keyframes)).toThrow('the clip (61 s + 5 s) starts after the end of the video');
    let error: unknown;
    try {
      planClipCut(renditionProbe({}, { video: null }), { startSec: 0, durationSec: 1 }, keyframes);
    } catch (e) {
      error = e;
    }
    expect(isMediaError(error, 'NO_VIDEO')).toBe(true);
  });
});

// The avcC box of a 320x240 rendition (low preset), as ffprobe -show_data prints it.
const AVCC_DUMP = `
00000000: 0164 001e ffe1 0019 6764 001e acd9 4141  .d......gd....AA
00000010: fb01 1000 0003 0010 0000 0303 20f1 62d9  ............ .b.
00000020: 6001 0004 68ef 89cb                      \`...h...
`;
const SPS = '6764001eacd94141fb0110000003001000000303' + '20f162d960';
const PPS = '68ef89cb';

describe('codec headers', () => {
  it('reads the parameter sets of an avcC record and of Annex B alike', () => {
    const avcc = parseH264Header(parseHexDump(AVCC_DUMP));
    expect(avcc).toEqual({ profileIdc: 100, levelIdc: 30, sps: [SPS], pps: [PPS] });
    const annexB = parseH264Header(Buffer.from(`00000001${SPS}00000001${PPS}`, 'hex'));
    expect(annexB).toEqual(avcc);
    expect(headerMismatch(avcc!, annexB!)).toBeNull();
  });

  it('names the difference', () => {
    const base = parseH264Header(parseHexDump(AVCC_DUMP))!;
    expect(headerMismatch(base, { ...base, pps: ['68eb8fcb'] })).toBe('different picture parameter sets');
    expect(headerMismatch(base, { ...base, sps: [`${SPS}00`] })).toBe('different sequence parameter sets');
    expect(headerMismatch(base, { ...base, levelIdc: 40 })).toBe('level 3 vs 4');
    expect(headerMismatch(base, { ...base, profileIdc: 77 })).toBe('profile 100 vs 77');
  });

  it('returns null for bytes that hold no SPS', () => {
    expect(parseH264Header(new Uint8Array())).toBeNull();
    expect(parseH264Header(Uint8Array.from([1, 100, 0, 30, 0xff, 0xe1, 0, 40, 0x67]))).toBeNull();
    expect(parseH264Header(Buffer.from(`00000001${PPS}`, 'hex'))).toBeNull();
  });
});

describe('parseKeyframes', () => {
  it('keeps the key packets, sorted and once each', () => {
    expect(parseKeyframes('4.004000,K__\n2.002000,K_\n2.035367,__\n2.002000,K__\nN/A,K__\n\n6.006000,KD_\n')).toEqual([2.002, 4.004, 6.006]);
  });
});

describe('planReelExport', () => {
  it('takes the largest chunk size, the highest rate, and each chunk up to its end', () => {
    const plan = planReelExport([
      { path: '/a.mp4', probe: renditionProbe({ width: 640, height: 360, displayWidth: 640, displayHeight: 360, fps: 25, nominalFps: 25 }), start: 0, duration: 5 },
      { path: '/b.mp4', probe: renditionProbe({}, { durationSec: 10, audio: null }), start: 8, duration: 5 },
    ]);
    expect(plan).toMatchObject({ width: 1920, height: 1080, fps: 29.97, durationSec: 7 });
    expect(plan.chunks).toEqual([
      { path: '/a.mp4', startSec: 0, durationSec: 5, audio: true },
      { path: '/b.mp4', startSec: 8, durationSec: 2, audio: false },
    ]);
    expect(planReelExport([{ path: '/a.mp4', probe: renditionProbe(), start: 0, duration: 5 }], { maxHeight: 720 })).toMatchObject({ width: 1280, height: 720 });
  });

  it('refuses chunks it cannot use', () => {
    expect(() => planReelExport([])).toThrow('a reel needs at least one chunk');
    expect(() => planReelExport([{ path: '/a.mp4', probe: renditionProbe(), start: 70, duration: 5 }])).toThrow('chunk 1 starts after the end of /a.mp4');
    expect(() => planReelExport([{ path: '/a.mp4', probe: renditionProbe(), start: 0, duration: -1 }])).toThrow('chunk 1: invalid duration -1');
    expect(() => planReelExport([{ path: '/a.mp4', probe: renditionProbe({}, { video: null }), start: 0, duration: 1 }])).toThrow('chunk 1 (/a.mp4) has no video stream');
  });
});

describe('StepProgress', () => {
  it('weights the steps and never goes back, also when planned again', () => {
    const seen: number[] = [];
    const progress = new StepProgress((p) => seen.push(p));
    progress.plan(10);
    progress.begin(8);
    progress.update(50);
    progress.begin(2);
    progress.update(null);
    progress.update(100);
    progress.plan(20);
    progress.begin(20);
    progress.update(50);
    progress.update(60);
    progress.finish();
    expect(seen).toEqual([0, 40, 80, 100]);
  });
});

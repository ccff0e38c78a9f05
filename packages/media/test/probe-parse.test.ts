import { describe, expect, it } from 'vitest';
import { isMediaError } from '../src/media-error';
import { normalizeRotation, parseFrameRate, parseProbe, streamRotation, type RawProbe } from '../src/probe-parse';

function videoStream(extra: Record<string, unknown> = {}) {
  return {
    index: 0,
    codec_type: 'video',
    codec_name: 'h264',
    width: 1920,
    height: 1080,
    pix_fmt: 'yuv420p',
    avg_frame_rate: '30/1',
    r_frame_rate: '30/1',
    ...extra,
  };
}

function raw(streams: Record<string, unknown>[], format: Record<string, unknown> = {}): RawProbe {
  return { streams, format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.5', size: '1000', ...format } } as RawProbe;
}

function parseError(input: RawProbe) {
  try {
    parseProbe(input, 10);
  } catch (error) {
    if (isMediaError(error)) return error;
    throw error;
  }
  throw new Error('expected parseProbe to throw');
}

describe('parseFrameRate', () => {
  it.each([
    ['30000/1001', 30000 / 1001],
    ['25/1', 25],
    ['24', 24],
    ['0/0', null],
    ['30/0', null],
    ['', null],
    ['N/A', null],
    [undefined, null],
  ])('%s -> %s', (input, expected) => {
    expect(parseFrameRate(input)).toBe(expected);
  });
});

describe('rotation', () => {
  it('normalises to quarter turns', () => {
    expect([0, 90, -90, 180, -180, 270, 360, 450, 89.6, -270].map(normalizeRotation)).toEqual([0, 90, 270, 180, 180, 270, 0, 90, 90, 90]);
  });

  it('reads the display matrix as counter-clockwise and the rotate tag as clockwise', () => {
    // A phone held upright: display matrix -90 (new ffprobe) / rotate tag 90 (old ffprobe).
    expect(streamRotation({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] })).toBe(90);
    expect(streamRotation({ tags: { rotate: '90' } })).toBe(90);
    expect(streamRotation({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: 90 }] })).toBe(270);
    expect(streamRotation({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: 180 }] })).toBe(180);
    expect(streamRotation({})).toBe(0);
  });

  it('prefers the display matrix over a stale tag', () => {
    expect(streamRotation({ tags: { rotate: '180' }, side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] })).toBe(90);
  });
});

describe('parseProbe', () => {
  it('swaps the display size for sideways video', () => {
    const result = parseProbe(raw([videoStream({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] })]), 10);
    expect(result.video).toMatchObject({ width: 1920, height: 1080, displayWidth: 1080, displayHeight: 1920, rotation: 90 });
  });

  it('flags variable frame rate only when average and nominal rates differ materially', () => {
    const vfr = parseProbe(raw([videoStream({ avg_frame_rate: '2697/100', r_frame_rate: '30/1' })]), 10);
    expect(vfr.video?.isVariableFrameRate).toBe(true);
    expect(vfr.video?.fps).toBeCloseTo(26.97, 2);
    const ntsc = parseProbe(raw([videoStream({ avg_frame_rate: '30000/1001', r_frame_rate: '30/1' })]), 10);
    expect(ntsc.video?.isVariableFrameRate).toBe(false);
    const unknownAvg = parseProbe(raw([videoStream({ avg_frame_rate: '0/0', r_frame_rate: '25/1' })]), 10);
    expect(unknownAvg.video).toMatchObject({ fps: 25, isVariableFrameRate: false });
  });

  it('ignores cover art when looking for video', () => {
    const result = parseProbe(
      raw([
        { index: 0, codec_type: 'audio', codec_name: 'aac', sample_rate: '44100', channels: 2 },
        { index: 1, codec_type: 'video', codec_name: 'mjpeg', width: 600, height: 600, disposition: { attached_pic: 1 } },
      ]),
      10,
    );
    expect(result.video).toBeNull();
    expect(result.audio).toMatchObject({ codec: 'aac', sampleRate: 44100, channels: 2 });
    expect(result.streams[1]?.isAttachedPicture).toBe(true);
  });

  it('keeps Motion JPEG video but rejects a JPEG photo', () => {
    const mjpegAvi = parseProbe(raw([videoStream({ codec_name: 'mjpeg', nb_frames: '300' })], { format_name: 'avi' }), 10);
    expect(mjpegAvi.video?.codec).toBe('mjpeg');
    const photo = parseError(raw([videoStream({ codec_name: 'mjpeg' })], { format_name: 'image2', duration: '0.04' }));
    expect(photo.code).toBe('IMAGE');
    expect(photo.reason).toBe('The file is a JPEG image, not a video.');
    const webp = parseError(raw([videoStream({ codec_name: 'webp' })], { format_name: 'webp_pipe', duration: undefined }));
    expect(webp.reason).toMatch(/WebP image/);
  });

  it('rejects text detected as ANSI art and files without audio or video', () => {
    expect(parseError(raw([videoStream({ codec_name: 'ansi' })], { format_name: 'tty' })).code).toBe('NOT_MEDIA');
    expect(parseError(raw([{ index: 0, codec_type: 'subtitle', codec_name: 'subrip' }], { format_name: 'srt' })).code).toBe('NOT_MEDIA');
  });

  it('falls back to stream duration and the file size', () => {
    const result = parseProbe(
      { streams: [videoStream({ duration: '4.2' })], format: { format_name: 'matroska,webm', duration: 'N/A' } } as RawProbe,
      1234,
    );
    expect(result).toMatchObject({ durationSec: 4.2, sizeBytes: 1234, bitRate: null });
  });
});

import { describe, expect, it } from 'vitest';

import { containerType, pickRecordingType, recordingFileName, videoContentType } from '@/features/upload/utils/recording';

describe('pickRecordingType', () => {
  it('prefers webm', () => {
    expect(pickRecordingType(() => true)).toBe('video/webm;codecs=vp9,opus');
    expect(pickRecordingType((type) => type === 'video/webm')).toBe('video/webm');
  });

  it('falls back to mp4 where webm cannot be recorded (Safari)', () => {
    expect(pickRecordingType((type) => type.startsWith('video/mp4'))).toBe('video/mp4;codecs=avc1,mp4a');
  });

  it('leaves the choice to the browser when it supports none, or the check throws', () => {
    expect(pickRecordingType(() => false)).toBeUndefined();
    expect(
      pickRecordingType(() => {
        throw new Error('MediaRecorder.isTypeSupported is unavailable');
      }),
    ).toBeUndefined();
  });
});

describe('recording files', () => {
  it('are named stream-{timestamp}.webm', () => {
    expect(recordingFileName(1700000000000)).toBe('stream-1700000000000.webm');
  });

  it('carry the container type without codecs', () => {
    expect(containerType('video/webm;codecs=vp8,opus')).toBe('video/webm');
    expect(containerType('video/mp4')).toBe('video/mp4');
    expect(containerType('')).toBe('video/webm');
  });
});

describe('videoContentType', () => {
  it("uses the browser's type when it is a video type", () => {
    expect(videoContentType({ name: 'game.mov', type: 'video/quicktime' })).toBe('video/quicktime');
  });

  it('guesses from the extension when the browser does not know the type', () => {
    expect(videoContentType({ name: 'GAME.MTS', type: '' })).toBe('video/mp2t');
    expect(videoContentType({ name: 'game.mkv', type: '' })).toBe('video/x-matroska');
    expect(videoContentType({ name: 'game', type: 'application/octet-stream' })).toBe('video/mp4');
  });
});

import type { ProbeResult, ProbeVideo } from '../../src/probe-parse';

/** What probe() reports for one of our renditions: 1080p H.264 High at 29.97 fps with AAC. */
export function renditionProbe(video: Partial<ProbeVideo> = {}, result: Partial<ProbeResult> = {}): ProbeResult {
  const v: ProbeVideo = {
    index: 0,
    codec: 'h264',
    profile: 'High',
    width: 1920,
    height: 1080,
    displayWidth: 1920,
    displayHeight: 1080,
    fps: 30000 / 1001,
    nominalFps: 30000 / 1001,
    rotation: 0,
    isVariableFrameRate: false,
    pixFmt: 'yuv420p',
    bitRate: 6_000_000,
    ...video,
  };
  return {
    durationSec: 60.06,
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    sizeBytes: 45_000_000,
    bitRate: 6_000_000,
    streams: [
      { index: 0, type: 'video', codec: v.codec, durationSec: 60.06, bitRate: v.bitRate, isAttachedPicture: false },
      { index: 1, type: 'audio', codec: 'aac', durationSec: 60.06, bitRate: 128_000, isAttachedPicture: false },
    ],
    video: v,
    audio: { index: 1, codec: 'aac', sampleRate: 48000, channels: 2, bitRate: 128_000 },
    ...result,
  };
}

/** Keyframe times every 2 s of a 29.97 fps rendition, as ffprobe prints them (a frame grid of 1001/30000). */
export function keyframesEvery2s(durationSec: number): number[] {
  const times: number[] = [];
  for (let t = 0; t < durationSec; t += 2) {
    const frame = Math.ceil((t * 30000) / 1001);
    times.push(Math.round(((frame * 1001) / 30000) * 1e6) / 1e6);
  }
  return times;
}

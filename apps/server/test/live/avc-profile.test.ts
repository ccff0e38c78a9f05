import { describe, expect, it } from 'vitest';
import { avcProfileOf, browsersPlayAvc } from '../../src/modules/live/ingest/avc-profile';

/** An FLV video tag as node-media-server keeps the sequence header: 11-byte tag header, payload, size. */
function tag(payload: number[] | Buffer): Buffer {
  const data = Buffer.from(payload);
  const header = Buffer.alloc(11);
  header[0] = 9;
  header.writeUIntBE(data.length, 1, 3);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(11 + data.length);
  return Buffer.concat([header, data, size]);
}
// AVCDecoderConfigurationRecord: version 1, profile, compatibility, level, then lengths and SPS/PPS.
const record = (profile: number) => [1, profile, 0, 31, 0xff, 0xe1, 0, 0];
const legacy = (profile: number) => tag([0x17, 0, 0, 0, 0, ...record(profile)]);
const enhanced = (profile: number) => tag([0x90, ...Buffer.from('avc1'), ...record(profile)]);

describe('AVC profile of a publisher', () => {
  it('reads the profile from a legacy and an Enhanced RTMP sequence header', () => {
    expect(avcProfileOf(legacy(100))).toBe(100);
    expect(avcProfileOf(legacy(66))).toBe(66);
    expect(avcProfileOf(enhanced(110))).toBe(110);
  });

  it('copies Baseline, Main and High and encodes High 10, 4:2:2 and 4:4:4', () => {
    expect([66, 77, 100].map((p) => browsersPlayAvc(legacy(p)))).toEqual([true, true, true]);
    expect([110, 122, 244].map((p) => browsersPlayAvc(legacy(p)))).toEqual([false, false, false]);
    expect(browsersPlayAvc(enhanced(244))).toBe(false);
  });

  it('knows nothing of other tags: an AVC frame, another codec, an audio tag, a short one', () => {
    expect(avcProfileOf(tag([0x17, 1, 0, 0, 0, ...record(244)]))).toBeUndefined();
    expect(avcProfileOf(tag([0x12, 0, 0, 0, 0, ...record(244)]))).toBeUndefined();
    expect(avcProfileOf(tag([0x90, ...Buffer.from('hvc1'), ...record(244)]))).toBeUndefined();
    expect(avcProfileOf(Buffer.concat([Buffer.from([8]), legacy(244).subarray(1)]))).toBeUndefined();
    expect(avcProfileOf(tag([0x17, 0]))).toBeUndefined();
    // Unknown: the codec id alone decides, as before.
    expect(browsersPlayAvc(null)).toBe(true);
  });
});

/** FLV tag header before the payload (type, size, timestamp, stream id). */
const FLV_TAG_HEADER = 11;
const FLV_VIDEO = 9;
const CODEC_AVC = 7;
const PACKET_SEQUENCE_HEADER = 0;

/**
 * H.264 profiles every browser's MSE decodes: Baseline (66), Main (77) and High (100), all 8-bit 4:2:0.
 * High 10, 4:2:2 and 4:4:4 (110, 122, 244) play nowhere in a browser, so such a stream is encoded.
 */
const BROWSER_PROFILES = new Set([66, 77, 100]);

/**
 * The `AVCProfileIndication` of a publisher's video sequence header, as node-media-server keeps it (an
 * FLV tag: header, then the video payload). Legacy FLV: frame type and codec id 7, AVC packet type 0, a
 * 3-byte composition time, then the AVCDecoderConfigurationRecord. Enhanced RTMP: the ex-header bit,
 * packet type 0 (SequenceStart) and the FourCC `avc1`, then the record. Undefined for anything else.
 */
export function avcProfileOf(tag: Buffer): number | undefined {
  if (tag.length < FLV_TAG_HEADER + 7 || tag[0] !== FLV_VIDEO) return undefined;
  const data = tag.subarray(FLV_TAG_HEADER);
  const first = data[0]!;
  const sequenceHeader =
    first & 0x80
      ? (first & 0x0f) === PACKET_SEQUENCE_HEADER && data.toString('latin1', 1, 5) === 'avc1'
      : (first & 0x0f) === CODEC_AVC && data[1] === PACKET_SEQUENCE_HEADER;
  if (!sequenceHeader) return undefined;
  // Both forms put the record 5 bytes in (FourCC, or packet type and composition time).
  const record = 5;
  // configurationVersion is always 1.
  if (data[record] !== 1 || data.length < record + 2) return undefined;
  return data[record + 1];
}

/** Whether a stream whose sequence header is `tag` can be copied for browsers (unknown: trust the codec id). */
export function browsersPlayAvc(tag: Buffer | null | undefined): boolean {
  const profile = tag ? avcProfileOf(tag) : undefined;
  return profile === undefined || BROWSER_PROFILES.has(profile);
}

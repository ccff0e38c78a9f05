/** One stored 1 s segment as the playlist needs it (a `live_segments` row). */
export interface PlaylistSegment {
  seq: number;
  durationSec: number;
  /** Wall clock of the segment's first frame, ms since the epoch. */
  startedAtMs: number;
  /** First segment of a new publish (encoder reconnect). */
  discontinuity: boolean;
}

export interface PlaylistInput {
  /** `live`: an EVENT playlist clients refresh; `ended`: the archive (the same playlist, ended). */
  status: 'live' | 'ended';
  /** Ordered by `seq`, starting at 0: an EVENT playlist never drops its head (DVR over the whole game). */
  segments: readonly PlaylistSegment[];
  /** The request's `_HLS_skip=YES` (or `v2`): answer a delta update. Ignored for the archive. */
  skip: boolean;
  /** Put before every segment's `<seq>.ts` (the path token's directory, relative to the playlist), URL-safe. */
  prefix: string;
}

/** Skippable history (RFC 8216bis 4.4.3.8: at least six target durations). */
export const SKIP_TARGET_DURATIONS = 6;

const duration = (sec: number) => sec.toFixed(3);

/** EXT-X-TARGETDURATION: the longest EXTINF as written, rounded up, at least 1 (`0` is invalid HLS). */
export function targetDuration(segments: readonly PlaylistSegment[]): number {
  let max = 0;
  for (const s of segments) if (s.durationSec > max) max = s.durationSec;
  // Rounding is monotonic: the longest as written is the longest, written.
  return Math.max(1, Math.ceil(Number(duration(max))));
}

/**
 * How many leading segments a delta update replaces with EXT-X-SKIP: those that end before the skip
 * boundary, CAN-SKIP-UNTIL seconds before the end of the playlist (RFC 8216bis 6.2.5.1), so a client
 * never loses a segment it may still need to play.
 */
export function skippableCount(segments: readonly PlaylistSegment[], canSkipUntil: number): number {
  let total = 0;
  for (const s of segments) total += s.durationSec;
  const boundary = total - canSkipUntil;
  let end = 0;
  let count = 0;
  for (const s of segments) {
    end += s.durationSec;
    if (end > boundary) break;
    count += 1;
  }
  return count;
}

/**
 * The media playlist of a live game or its archive, written from the segment rows.
 *
 * Live: an EVENT playlist with blocking reload and delta updates (a 3-hour game is 10,800 segments;
 * a refresh that skips sends only the last ~6). MEDIA-SEQUENCE stays 0 since nothing is ever removed,
 * so EXT-X-DISCONTINUITY-SEQUENCE (the discontinuity number of the first segment, seq 0) is 0 and is
 * omitted, in a delta update too: the skipped segments' EXT-X-DISCONTINUITY tags go with them
 * (RFC 8216bis 4.4.5.2) and a client numbers the later ones from its previous copy (hls.js 1.7 does,
 * level-helper mergeDetails). PROGRAM-DATE-TIME opens the first segment written and follows every
 * discontinuity, so the clock of the play position is right after an encoder reconnect.
 * No HOLD-BACK: the RFC's minimum is 3 target durations, which is already the default, and our
 * player sets its own `liveSyncDuration`.
 *
 * Ended: the same EVENT playlist, whole, with EXT-X-ENDLIST appended and no server control. Its type
 * stays EVENT because a client that loaded it live may only see lines appended (RFC 8216 4.3.3.5);
 * players treat an EVENT playlist with ENDLIST as complete, like VOD.
 */
export function buildPlaylist({ status, segments, skip, prefix }: PlaylistInput): string {
  const live = status === 'live';
  const target = targetDuration(segments);
  const canSkipUntil = SKIP_TARGET_DURATIONS * target;
  const skipped = live && skip ? skippableCount(segments, canSkipUntil) : 0;

  const lines = ['#EXTM3U', `#EXT-X-VERSION:${skipped > 0 ? 9 : 3}`, `#EXT-X-TARGETDURATION:${target}`];
  if (live) lines.push(`#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=${canSkipUntil.toFixed(1)}`);
  lines.push('#EXT-X-PLAYLIST-TYPE:EVENT', '#EXT-X-MEDIA-SEQUENCE:0');
  if (skipped > 0) lines.push(`#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped}`);

  for (let i = skipped; i < segments.length; i++) {
    const s = segments[i]!;
    if (s.discontinuity && i > 0) lines.push('#EXT-X-DISCONTINUITY');
    if (i === skipped || s.discontinuity) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.startedAtMs).toISOString()}`);
    lines.push(`#EXTINF:${duration(s.durationSec)},`, `${prefix}${s.seq}.ts`);
  }
  if (!live) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

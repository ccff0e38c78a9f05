import { describe, expect, it } from 'vitest';
import { buildPlaylist, skippableCount, targetDuration, type PlaylistSegment } from '../../src/modules/live/playback/playlist';

const T0 = Date.UTC(2026, 10, 24, 18, 0, 0);

/** `count` 1 s segments from seq 0; `reconnectAt` seqs start a new publish 30 s later. */
function segments(count: number, reconnectAt: number[] = [], duration = (_seq: number) => 1): PlaylistSegment[] {
  const out: PlaylistSegment[] = [];
  let at = T0;
  for (let seq = 0; seq < count; seq++) {
    const discontinuity = reconnectAt.includes(seq);
    if (discontinuity) at += 30_000;
    out.push({ seq, durationSec: duration(seq), startedAtMs: at, discontinuity });
    at += duration(seq) * 1000;
  }
  return out;
}

const prefix = 'a/7.mac/source/';

describe('live playlists', () => {
  it('a live game is an EVENT playlist with blocking reload, delta updates and one PROGRAM-DATE-TIME', () => {
    expect(buildPlaylist({ status: 'live', segments: segments(3), skip: false, prefix })).toBe(
      `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:1
#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=6.0
#EXT-X-PLAYLIST-TYPE:EVENT
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PROGRAM-DATE-TIME:2026-11-24T18:00:00.000Z
#EXTINF:1.000,
a/7.mac/source/0.ts
#EXTINF:1.000,
a/7.mac/source/1.ts
#EXTINF:1.000,
a/7.mac/source/2.ts
`,
    );
  });

  it('an encoder reconnect is a discontinuity with its own PROGRAM-DATE-TIME; the target is the longest segment rounded up', () => {
    const durations = (seq: number) => (seq === 1 ? 1.52 : 1.0004);
    expect(buildPlaylist({ status: 'live', segments: segments(4, [2], durations), skip: false, prefix })).toBe(
      `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:2
#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=12.0
#EXT-X-PLAYLIST-TYPE:EVENT
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PROGRAM-DATE-TIME:2026-11-24T18:00:00.000Z
#EXTINF:1.000,
a/7.mac/source/0.ts
#EXTINF:1.520,
a/7.mac/source/1.ts
#EXT-X-DISCONTINUITY
#EXT-X-PROGRAM-DATE-TIME:2026-11-24T18:00:32.520Z
#EXTINF:1.000,
a/7.mac/source/2.ts
#EXTINF:1.000,
a/7.mac/source/3.ts
`,
    );
  });

  it('a delta update (_HLS_skip) keeps the last CAN-SKIP-UNTIL seconds, counts the rest in EXT-X-SKIP and is version 9', () => {
    // 10 s of segments, the reconnect at seq 2 is skipped, the one at seq 6 is kept.
    expect(buildPlaylist({ status: 'live', segments: segments(10, [2, 6]), skip: true, prefix })).toBe(
      `#EXTM3U
#EXT-X-VERSION:9
#EXT-X-TARGETDURATION:1
#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=6.0
#EXT-X-PLAYLIST-TYPE:EVENT
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-SKIP:SKIPPED-SEGMENTS=4
#EXT-X-PROGRAM-DATE-TIME:2026-11-24T18:00:34.000Z
#EXTINF:1.000,
a/7.mac/source/4.ts
#EXTINF:1.000,
a/7.mac/source/5.ts
#EXT-X-DISCONTINUITY
#EXT-X-PROGRAM-DATE-TIME:2026-11-24T18:01:06.000Z
#EXTINF:1.000,
a/7.mac/source/6.ts
#EXTINF:1.000,
a/7.mac/source/7.ts
#EXTINF:1.000,
a/7.mac/source/8.ts
#EXTINF:1.000,
a/7.mac/source/9.ts
`,
    );
  });

  it('a skip request with nothing old enough to skip answers the whole playlist', () => {
    const whole = buildPlaylist({ status: 'live', segments: segments(6), skip: false, prefix });
    expect(buildPlaylist({ status: 'live', segments: segments(6), skip: true, prefix })).toBe(whole);
    expect(whole).not.toContain('EXT-X-SKIP');
  });

  it('skips only segments that end at or before the skip boundary', () => {
    const half = segments(8, [], () => 0.5);
    // 4 s in total, boundary at -2 s: nothing; with 1.5 s segments, 12 s, boundary 3 s: seq 0 and 1.
    expect(skippableCount(half, 6)).toBe(0);
    expect(skippableCount(segments(8, [], () => 1.5), 6 * 2)).toBe(0);
    expect(skippableCount(segments(8, [], () => 1.5), 9)).toBe(2);
    expect(targetDuration([])).toBe(1);
  });

  it('the archive is the EVENT playlist ended: whole, with ENDLIST and no server control, whatever the request asks', () => {
    const archive = buildPlaylist({ status: 'ended', segments: segments(9, [3]), skip: true, prefix: '' });
    expect(archive).toBe(
      `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:1
#EXT-X-PLAYLIST-TYPE:EVENT
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-PROGRAM-DATE-TIME:2026-11-24T18:00:00.000Z
#EXTINF:1.000,
0.ts
#EXTINF:1.000,
1.ts
#EXTINF:1.000,
2.ts
#EXT-X-DISCONTINUITY
#EXT-X-PROGRAM-DATE-TIME:2026-11-24T18:00:33.000Z
#EXTINF:1.000,
3.ts
#EXTINF:1.000,
4.ts
#EXTINF:1.000,
5.ts
#EXTINF:1.000,
6.ts
#EXTINF:1.000,
7.ts
#EXTINF:1.000,
8.ts
#EXT-X-ENDLIST
`,
    );
  });
});

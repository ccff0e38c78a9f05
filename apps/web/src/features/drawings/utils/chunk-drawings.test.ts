import { describe, expect, it } from 'vitest';

import { chunkInVideo, drawingsInChunk } from '@/features/drawings/utils/chunk-drawings';

describe('a reel chunk’s drawings', () => {
  // A clip made at 40 s of its video (moment 40000 ms), the reel playing 2 to 8 s of it: 42 to 48 s of the video.
  const chunk = { stream_id: 'video-key', clip_id: 40_000, in: 2, out: 8 };

  it('finds the chunk’s range in its video from the clip’s moment and the chunk’s in and out', () => {
    expect(chunkInVideo(chunk)).toEqual({ videoKey: 'video-key', start: 42, end: 48 });
    // A live game's clip names no video.
    expect(chunkInVideo({ in: 0, out: 5 })).toBeNull();
  });

  it('keeps the drawings inside the range, timed in the file the chunk plays from', () => {
    const drawings = [{ at: 41.9 }, { at: 42 }, { at: 45.5 }, { at: 48 }];
    // The clip's own file starts at the clip's start: the chunk starts 2 s into it.
    expect(drawingsInChunk(drawings, { start: 42, end: 48 }, 2).map((d) => d.at)).toEqual([2, 5.5]);
    // Before its cut the chunk plays the video's rendition from 42 s.
    expect(drawingsInChunk(drawings, { start: 42, end: 48 }, 42).map((d) => d.at)).toEqual([42, 45.5]);
  });
});

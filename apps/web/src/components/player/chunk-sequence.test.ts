import { describe, expect, it } from 'vitest';

import { chunkAt, chunkLength, chunkPlans, FIRST_CHUNK, nextChunk, parseChunkSource, previousChunk, reelTimeline } from '@/components/player/chunk-sequence';

describe('parseChunkSource', () => {
  it('reads the range of a media fragment and drops it from the URL', () => {
    expect(parseChunkSource('/storage/v/full.mp4?exp=1&sig=a#t=12.5,20')).toEqual({ url: '/storage/v/full.mp4?exp=1&sig=a', start: 12.5, end: 20 });
  });

  it('reads npt and clock forms', () => {
    expect(parseChunkSource('a.mp4#t=npt:1:02.5,0:01:10')).toEqual({ url: 'a.mp4', start: 62.5, end: 70 });
  });

  it('plays from the start to the end of the file when there is no end or no fragment', () => {
    expect(parseChunkSource('a.mp4#t=3')).toEqual({ url: 'a.mp4', start: 3, end: null });
    expect(parseChunkSource('a.mp4#t=,4')).toEqual({ url: 'a.mp4', start: 0, end: 4 });
    expect(parseChunkSource('a.mp4')).toEqual({ url: 'a.mp4', start: 0, end: null });
    expect(parseChunkSource('a.mp4#xywh=1,2,3,4')).toEqual({ url: 'a.mp4', start: 0, end: null });
  });

  it('plays the whole file rather than a broken range', () => {
    expect(parseChunkSource('a.mp4#t=9,4')).toEqual({ url: 'a.mp4', start: 0, end: null });
    expect(parseChunkSource('a.mp4#t=abc,4')).toEqual({ url: 'a.mp4', start: 0, end: null });
    expect(parseChunkSource('a.mp4#t=1,x')).toEqual({ url: 'a.mp4', start: 0, end: null });
  });
});

describe('chunk order', () => {
  it('starts at the first chunk, plays each next one and wraps back to the first after the last', () => {
    const order = [FIRST_CHUNK];
    for (let i = 0; i < 4; i++) order.push(nextChunk(order.at(-1)!, 3));
    expect(order).toEqual([0, 1, 2, 0, 1]);
  });

  it('goes back from the first chunk to the last', () => {
    expect(previousChunk(0, 3)).toBe(2);
    expect(previousChunk(2, 3)).toBe(1);
  });

  it('loops a one-chunk reel on itself', () => {
    expect(nextChunk(0, 1)).toBe(0);
    expect(previousChunk(0, 1)).toBe(0);
  });

  it('keeps each chunk with its parsed range', () => {
    expect(chunkPlans([{ id: 'c1', source: 'a.mp4#t=1,2', description: 'Press', poster: null }])).toEqual([
      { id: 'c1', url: 'a.mp4', start: 1, end: 2, description: 'Press', poster: null },
    ]);
  });
});

describe('the reel as one timeline', () => {
  it("takes a range's length, a whole file's once its duration is known, else the hint", () => {
    expect(chunkLength({ start: 40, end: 46 }, 90, 5)).toBe(6);
    expect(chunkLength({ start: 0, end: null }, 5.2, 5)).toBe(5.2);
    expect(chunkLength({ start: 0, end: null }, undefined, 5)).toBe(5);
    expect(chunkLength({ start: 0, end: null }, Number.NaN)).toBe(0);
  });

  it('places each chunk after the ones before it, and finds the chunk and offset of a time', () => {
    const lengths = [5, 6, 4];
    const { starts, total } = reelTimeline(lengths);
    expect(starts).toEqual([0, 5, 11]);
    expect(total).toBe(15);
    expect(chunkAt(starts, lengths, 0)).toEqual({ index: 0, offset: 0 });
    expect(chunkAt(starts, lengths, 4.9)).toEqual({ index: 0, offset: 4.9 });
    expect(chunkAt(starts, lengths, 5)).toEqual({ index: 1, offset: 0 });
    expect(chunkAt(starts, lengths, 12.5)).toEqual({ index: 2, offset: 1.5 });
    // The end of the reel is the end of its last chunk.
    expect(chunkAt(starts, lengths, 20)).toEqual({ index: 2, offset: 4 });
  });
});

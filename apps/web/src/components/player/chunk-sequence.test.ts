import { describe, expect, it } from 'vitest';

import { chunkPlans, FIRST_CHUNK, nextChunk, parseChunkSource, previousChunk } from '@/components/player/chunk-sequence';

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

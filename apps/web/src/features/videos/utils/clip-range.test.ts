import { describe, expect, it } from 'vitest';

import { clipRange } from '@/features/videos/utils/clip-range';

const none = { in: null, out: null };

describe('clipRange', () => {
  it('takes 10 s before the playhead to 5 s after when nothing is marked', () => {
    expect(clipRange(none, 30, 95)).toEqual({ timestamp: 20, duration: 15 });
  });

  it('stays inside the video at its start and end', () => {
    expect(clipRange(none, 4, 95)).toEqual({ timestamp: 0, duration: 9 });
    expect(clipRange(none, 93, 95)).toEqual({ timestamp: 83, duration: 12 });
  });

  it('runs from the in mark to the out mark', () => {
    expect(clipRange({ in: 12.5, out: 20 }, 50, 95)).toEqual({ timestamp: 12.5, duration: 7.5 });
  });

  it('runs 15 s from a lone in mark, or up to a lone out mark', () => {
    expect(clipRange({ in: 40, out: null }, 0, 95)).toEqual({ timestamp: 40, duration: 15 });
    expect(clipRange({ in: null, out: 40 }, 0, 95)).toEqual({ timestamp: 25, duration: 15 });
  });

  it('refuses an out mark before the in mark, and a clip over 180 s', () => {
    expect(clipRange({ in: 20, out: 10 }, 0, 95)).toEqual({ error: 'The out point must be after the in point' });
    expect(clipRange({ in: 0, out: 200 }, 0, 300)).toEqual({ error: 'A clip lasts 1 to 180 seconds' });
    expect(clipRange({ in: 10, out: 10.5 }, 0, 95)).toEqual({ error: 'A clip lasts 1 to 180 seconds' });
  });
});

import { describe, expect, it } from 'vitest';

import { autoHighlights, cheerStars } from '@/features/live/utils/cheers';
import { countdown } from '@/features/live/utils/event-title';
import { cheersFixture } from '@/test/live-fixture';

describe('cheerStars', () => {
  it('is round(cheer / max * 5), from 0 to 5', () => {
    expect(cheerStars(10, 10)).toBe(5);
    expect(cheerStars(7.4, 10)).toBe(4);
    expect(cheerStars(4, 10)).toBe(2);
    expect(cheerStars(0.9, 10)).toBe(0);
    expect(cheerStars(3, 0)).toBe(0);
  });
});

describe('autoHighlights', () => {
  it("numbers the top cheers in time order as 'Highlight n', each titled with its stars", () => {
    expect(autoHighlights(cheersFixture).map(({ index, stars, title }) => ({ index, stars, title }))).toEqual([
      { index: 1, stars: 2, title: '★★' },
      { index: 2, stars: 5, title: '★★★★★' },
      { index: 3, stars: 4, title: '★★★★' },
    ]);
  });
});

describe('countdown', () => {
  it('counts down to the start, with days past 24 h, and stops once it has passed', () => {
    expect(countdown(10_000 + 3_723_000, 10_000)).toBe('01:02:03');
    expect(countdown(90_061_000, 0)).toBe('1d 01:01:01');
    expect(countdown(5_000, 5_000)).toBeNull();
  });
});

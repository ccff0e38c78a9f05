import { highlightAt } from '@app/contracts/videos';
import { describe, expect, it } from 'vitest';

import { addHighlight, highlightMarkers } from '@/features/videos/utils/highlights';

const at = (moment: number, durationSec?: number) => highlightAt(moment, durationSec);

describe('highlightAt', () => {
  it('marks 3 s before to 5 s after, never before 0 nor after the video', () => {
    expect(at(10)).toEqual({ intro: 7, highlight: 10, outro: 15 });
    expect(at(1, 60)).toEqual({ intro: 0, highlight: 1, outro: 6 });
    expect(at(58, 60)).toEqual({ intro: 55, highlight: 58, outro: 60 });
  });
});

describe('addHighlight', () => {
  it('keeps time order, and ignores the same moment marked twice', () => {
    const two = addHighlight(addHighlight([], at(40)), at(10));
    expect(two.map((h) => h.highlight)).toEqual([10, 40]);
    expect(addHighlight(two, at(40.2))).toHaveLength(2);
  });

  it('labels markers in order', () => {
    expect(highlightMarkers(addHighlight(addHighlight([], at(10)), at(40)))).toEqual([
      { at: 10, from: 7, to: 15, label: 'Highlight 1 (0:10)' },
      { at: 40, from: 37, to: 45, label: 'Highlight 2 (0:40)' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';

import { addHighlight, highlightMarkers, removeHighlight } from '@/features/videos/utils/highlights';

describe('addHighlight', () => {
  it('marks 3 s before to 5 s after', () => {
    expect(addHighlight([], 10)).toEqual([{ intro: 7, highlight: 10, outro: 15 }]);
  });

  it('never starts before 0 nor ends after the video', () => {
    expect(addHighlight([], 1, 60)).toEqual([{ intro: 0, highlight: 1, outro: 6 }]);
    expect(addHighlight([], 58, 60)).toEqual([{ intro: 55, highlight: 58, outro: 60 }]);
  });

  it('keeps time order, and ignores the same moment marked twice', () => {
    const one = addHighlight([], 40);
    const two = addHighlight(one, 10);
    expect(two.map((h) => h.highlight)).toEqual([10, 40]);
    expect(addHighlight(two, 40.2)).toHaveLength(2);
  });
});

describe('removeHighlight and markers', () => {
  it('removes exactly the shown highlight and labels markers in order', () => {
    const list = addHighlight(addHighlight([], 10), 40);
    expect(removeHighlight(list, list[0]!)).toEqual([list[1]]);
    expect(highlightMarkers(list)).toEqual([
      { at: 10, from: 7, to: 15, label: 'Highlight 1 (0:10)' },
      { at: 40, from: 37, to: 45, label: 'Highlight 2 (0:40)' },
    ]);
  });
});

import type { Shape } from '@app/contracts/film';
import { describe, expect, it } from 'vitest';

import { addShape, redo, startHistory, undo } from '@/features/drawings/utils/shape-history';

const line = (x: number): Shape => ({ type: 'line', points: [[x, 0], [x, 1]], color: '#ffffff', width: 0.006 });

describe('undo and redo of a drawing’s shapes', () => {
  it('takes shapes back one at a time and puts them again in order', () => {
    let h = addShape(addShape(addShape(startHistory(), line(0.1)), line(0.2)), line(0.3));
    h = undo(undo(h));
    expect(h.present).toEqual([line(0.1)]);
    h = redo(h);
    expect(h.present).toEqual([line(0.1), line(0.2)]);
    h = redo(h);
    expect(h.present).toEqual([line(0.1), line(0.2), line(0.3)]);
    expect(h.future).toEqual([]);
  });

  it('forgets what was undone once a new shape is drawn', () => {
    let h = addShape(addShape(startHistory(), line(0.1)), line(0.2));
    h = addShape(undo(h), line(0.5));
    expect(h.present).toEqual([line(0.1), line(0.5)]);
    expect(redo(h)).toBe(h);
  });

  it('does nothing past either end, and undoes back to the shapes an edit started with', () => {
    const start = startHistory([line(0.9)]);
    expect(undo(start)).toBe(start);
    expect(redo(start)).toBe(start);
    expect(undo(addShape(start, line(0.1))).present).toEqual([line(0.9)]);
  });
});

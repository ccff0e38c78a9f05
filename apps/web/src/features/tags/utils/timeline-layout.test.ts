import type { Tag } from '@app/contracts/film';
import { describe, expect, it } from 'vitest';

import { NO_FILTER } from '@/features/tags/utils/tag-filter';
import { barBox, groupByCode, playheadPercent, timeAtPointer, timelineLength, timelineRows, trimmed, UNKNOWN_CODE_COLOR } from '@/features/tags/utils/timeline-layout';

const t = (id: string, code: string, start: number, end: number): Tag => ({ _id: id, code, start, end, labels: [], by: 'jane', createdAt: '' });

describe('the timeline\u2019s layout', () => {
  it('places a bar at its start, as wide as it lasts, in percent of the video', () => {
    expect(barBox(25, 50, 100)).toEqual({ left: 25, width: 25 });
    expect(barBox(0, 10800, 10800)).toEqual({ left: 0, width: 100 });
    // Never outside the row, never negative.
    expect(barBox(95, 110, 100)).toEqual({ left: 95, width: 5 });
    expect(barBox(-5, 5, 100)).toEqual({ left: 0, width: 5 });
    expect(barBox(60, 50, 100)).toEqual({ left: 60, width: 0 });
    expect(barBox(1, 2, 0)).toEqual({ left: 0, width: 0 });
  });

  it('puts the playhead at the play position and reads a pointer as a time', () => {
    expect(playheadPercent(2700, 10800)).toBe(25);
    expect(playheadPercent(20000, 10800)).toBe(100);
    expect(timeAtPointer(300, { left: 100, width: 800 }, 10800)).toBe(2700);
    expect(timeAtPointer(50, { left: 100, width: 800 }, 10800)).toBe(0);
    expect(timeAtPointer(2000, { left: 100, width: 800 }, 10800)).toBe(10800);
  });

  it('spans the duration, or while it is unknown the furthest instance', () => {
    expect(timelineLength(95, [t('a', 'Shot', 0, 200)])).toBe(95);
    expect(timelineLength(null, [t('a', 'Shot', 0, 200), t('b', 'Shot', 10, 50)])).toBe(200);
    expect(timelineLength(0, [])).toBe(0);
  });

  it('trims one edge, inside the video, never past the other edge', () => {
    const bar = { start: 10, end: 20 };
    expect(trimmed(bar, 'start', 12.34567, 100)).toEqual({ start: 12.346, end: 20 });
    expect(trimmed(bar, 'start', 25, 100)).toEqual({ start: 19.5, end: 20 });
    expect(trimmed(bar, 'start', -3, 100)).toEqual({ start: 0, end: 20 });
    expect(trimmed(bar, 'end', 5, 100)).toEqual({ start: 10, end: 10.5 });
    expect(trimmed(bar, 'end', 150, 100)).toEqual({ start: 10, end: 100 });
    // A shorter instance (lead and lag 0) keeps what it has.
    expect(trimmed({ start: 10, end: 10.2 }, 'start', 30, 100)).toEqual({ start: 10, end: 10.2 });
  });

  it('groups 3,000 instances into a row per code in the window\u2019s order, each in start order', () => {
    const codes = ['Shot', 'Foul', 'Turnover'];
    const items = Array.from({ length: 3000 }, (_, i) => t(`t${i}`, codes[i % 3]!, i * 3.6, i * 3.6 + 10));
    const groups = groupByCode(items);
    const rows = timelineRows(['Turnover', 'Shot', 'Foul', 'Empty'], [{ name: 'Shot', color: '#ff0000' }], groups, NO_FILTER);
    expect(rows.map((r) => [r.code, r.color, r.items.length, r.shown])).toEqual([
      ['Turnover', UNKNOWN_CODE_COLOR, 1000, true],
      ['Shot', '#ff0000', 1000, true],
      ['Foul', UNKNOWN_CODE_COLOR, 1000, true],
      ['Empty', UNKNOWN_CODE_COLOR, 0, true],
    ]);
    expect(rows[1]!.items.every((i, n) => i.code === 'Shot' && (n === 0 || i.start > rows[1]!.items[n - 1]!.start))).toBe(true);
    // The last bar of a 3-hour game ends at its right edge.
    const last = rows[2]!.items.at(-1)!;
    const box = barBox(last.start, last.end, 10800);
    expect(box.left).toBeCloseTo((last.start / 10800) * 100);
    expect(box.left + box.width).toBe(100);
    // Codes the rows are not asked for are left out.
    expect(timelineRows(['Shot'], [], groups, NO_FILTER).map((r) => r.items.length)).toEqual([1000]);
  });

  it('filters by hiding rows and dropping bars; a filter of codes only keeps the rows\u2019 arrays', () => {
    const items = [t('a', 'Shot', 0, 5), t('b', 'Foul', 10, 15), { ...t('c', 'Shot', 20, 25), labels: ['Left'] }];
    const groups = groupByCode(items);
    const all = timelineRows(['Shot', 'Foul'], [], groups, NO_FILTER);
    const shots = timelineRows(['Shot', 'Foul'], [], groups, { code: ['Shot'], label: [], match: 'all' });
    expect(shots.map((r) => [r.code, r.shown])).toEqual([['Shot', true], ['Foul', false]]);
    expect(shots[0]!.items).toBe(all[0]!.items);
    expect(shots[1]!.items).toBe(all[1]!.items);
    const left = timelineRows(['Shot', 'Foul'], [], groups, { code: [], label: ['Left'], match: 'all' });
    expect(left.map((r) => r.items.map((i) => i._id))).toEqual([['c'], []]);
  });
});

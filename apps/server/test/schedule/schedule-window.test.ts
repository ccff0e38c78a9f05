import { describe, expect, it } from 'vitest';
import { scheduleWindow } from '../../src/modules/schedule/schedule-window';

const DAY = 86_400_000;
const AHEAD = 5 * 60_000;
const NOW = Date.parse('2027-05-10T12:00:00Z');

/** What the query shows at `at`, computed afresh: the starts in its window then. */
function shownAt(query: { from?: string; to?: string }, at: number, starts: number[]): number[] {
  const w = scheduleWindow(query, at, AHEAD);
  return starts.filter((s) => s >= w.from && s < w.to);
}

/** The starts read at NOW (those in [from, readTo)), and until when the answer stays. */
function readAt(query: { from?: string; to?: string }, starts: number[]) {
  const w = scheduleWindow(query, NOW, AHEAD);
  return w.sameUntil(starts.filter((s) => s >= w.from && s < w.readTo));
}

describe('scheduleWindow', () => {
  it('a fixed window never slides', () => {
    const query = { from: '2027-05-01', to: '2027-06-01' };
    const w = scheduleWindow(query, NOW, AHEAD);
    expect([w.from, w.to, w.readTo]).toEqual([Date.parse('2027-05-01'), Date.parse('2027-06-01'), Date.parse('2027-06-01')]);
    expect(w.sameUntil([Date.parse('2027-05-02')])).toBe(Infinity);
    expect(scheduleWindow({ from: '2027-05-01' }, NOW, AHEAD).to).toBe(Date.parse('2027-05-01') + 90 * DAY);
  });

  // Each case: the answer read at NOW is the fresh one at every moment before `until`, and not at `until`.
  it.each([
    ['the earliest item leaves a day after it starts', {}, [NOW - DAY + 60_000, NOW + DAY]],
    ['the next item comes in at the far end', {}, [NOW + DAY, NOW + 89 * DAY + 90_000]],
    ['both, the sooner wins', {}, [NOW - DAY + 200_000, NOW + 89 * DAY + 100_000]],
    ['a fixed end: only the start slides', { to: '2027-06-01' }, [NOW - DAY + 30_000, Date.parse('2027-06-01') + 1000]],
  ])('%s', (_name, query: { to?: string }, starts) => {
    const until = readAt(query, starts);
    expect(until).toBeGreaterThan(NOW);
    const first = shownAt(query, NOW, starts);
    for (let at = NOW; at < until; at += Math.max(1, Math.floor((until - NOW) / 50))) expect(shownAt(query, at, starts)).toEqual(first);
    expect(shownAt(query, until - 1, starts)).toEqual(first);
    expect(shownAt(query, until, starts)).not.toEqual(first);
  });

  it('keeps a sliding answer no longer than it looked ahead', () => {
    expect(readAt({}, [])).toBe(NOW + AHEAD);
    expect(readAt({}, [NOW + DAY])).toBe(NOW + AHEAD);
  });
});

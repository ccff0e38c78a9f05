import type { Tag } from '@app/contracts/film';
import { describe, expect, it } from 'vitest';

import { filterFromSearch, filterTags, NO_FILTER, searchWithFilter } from '@/features/tags/utils/tag-filter';

const t = (id: string, code: string, labels: string[]): Tag => ({ _id: id, code, start: 0, end: 1, labels, by: 'jane', createdAt: '' });

describe('the filter in the page address', () => {
  it('round-trips codes, labels and the match, keeping the address\u2019s other parameters', () => {
    const filter = { code: ['Shot made', 'Foul'], label: ['Jane & Ann', 'Left'], match: 'any' as const };
    const search = searchWithFilter(new URLSearchParams('t=12'), filter);
    expect(search.toString()).toBe('t=12&code=Shot+made&code=Foul&label=Jane+%26+Ann&label=Left&match=any');
    expect(filterFromSearch(new URLSearchParams(search.toString()))).toEqual(filter);
  });

  it('leaves the default match out and replaces what was there', () => {
    const search = searchWithFilter(new URLSearchParams('code=Old&match=any'), { code: ['Shot'], label: [], match: 'all' });
    expect(search.toString()).toBe('code=Shot');
    expect(searchWithFilter(search, NO_FILTER).toString()).toBe('');
  });

  it('reads a link as the server reads it, and an address it refuses as no filter', () => {
    expect(filterFromSearch(new URLSearchParams(''))).toEqual(NO_FILTER);
    expect(filterFromSearch(new URLSearchParams('code=Shot&code=Shot&code='))).toEqual({ code: ['Shot'], label: [], match: 'all' });
    expect(filterFromSearch(new URLSearchParams('label=Left&match=sometimes'))).toEqual(NO_FILTER);
    expect(filterFromSearch(new URLSearchParams(`code=${'x'.repeat(61)}`))).toEqual(NO_FILTER);
  });
});

describe('filtering instances', () => {
  it('keeps any of the codes, and all or any of the labels', () => {
    const items = [t('1', 'Shot', ['Left', 'Jane']), t('2', 'Shot', ['Right']), t('3', 'Foul', ['Left']), t('4', 'Goal', [])];
    const ids = (filter: Parameters<typeof filterTags>[1]) => filterTags(items, filter).map((i) => i._id);
    expect(ids(NO_FILTER)).toEqual(['1', '2', '3', '4']);
    expect(ids({ code: ['Shot', 'Goal'], label: [], match: 'all' })).toEqual(['1', '2', '4']);
    expect(ids({ code: [], label: ['Left', 'Jane'], match: 'all' })).toEqual(['1']);
    expect(ids({ code: [], label: ['Left', 'Right'], match: 'any' })).toEqual(['1', '2', '3']);
    expect(ids({ code: ['Shot'], label: ['Left', 'Right'], match: 'any' })).toEqual(['1', '2']);
    expect(ids({ code: ['Nothing'], label: [], match: 'all' })).toEqual([]);
  });

  it('filters 3,000 instances of a 3-hour game to exactly the matching ones, in order', () => {
    const codes = ['Shot', 'Foul', 'Turnover', 'Rebound', 'Assist'];
    const labels = ['Left', 'Right', 'Jane', 'Ann', 'Transition'];
    const items = Array.from({ length: 3000 }, (_, i) =>
      ({ ...t(`t${i}`, codes[i % 5]!, [labels[i % 5]!, labels[(i * 7) % 5]!]), start: i * 3.6, end: i * 3.6 + 8 }),
    );
    const kept = filterTags(items, { code: ['Shot', 'Turnover'], label: ['Left', 'Transition'], match: 'any' });
    const expected = items.filter((i) => (i.code === 'Shot' || i.code === 'Turnover') && (i.labels.includes('Left') || i.labels.includes('Transition')));
    expect(kept).toEqual(expected);
    expect(kept.length).toBe(1200);
    expect(kept.every((i, n) => n === 0 || i.start > kept[n - 1]!.start)).toBe(true);
  });
});

import type { Tag } from '@app/contracts/film';
import { describe, expect, it } from 'vitest';

import { cellCount, codeOrder, countTags, labelOrder } from '@/features/tags/utils/tag-counts';

const t = (code: string, labels: string[]): Pick<Tag, 'code' | 'labels'> => ({ code, labels });

describe('tag counts', () => {
  const items = [t('Shot', ['Left', 'Jane']), t('Shot', ['Left']), t('Foul', ['Jane', 'Jane']), t('Goal', []), t('Imported', ['Zed'])];
  const counts = countTags(items);

  it('count each code, each label once per instance, and each code with each label', () => {
    expect(counts.total).toBe(5);
    expect(Object.fromEntries(counts.byCode)).toEqual({ Shot: 2, Foul: 1, Goal: 1, Imported: 1 });
    expect(Object.fromEntries(counts.byLabel)).toEqual({ Left: 2, Jane: 2, Zed: 1 });
    expect(cellCount(counts, 'Shot', 'Left')).toBe(2);
    expect(cellCount(counts, 'Shot', 'Jane')).toBe(1);
    expect(cellCount(counts, 'Foul', 'Jane')).toBe(1);
    expect(cellCount(counts, 'Foul', 'Left')).toBe(0);
    expect(cellCount(counts, 'Nothing', 'Left')).toBe(0);
  });

  it('order codes as the window does, then codes only instances have', () => {
    expect(codeOrder([{ name: 'Goal' }, { name: 'Shot' }, { name: 'Foul' }, { name: 'Unused' }], counts)).toEqual(['Goal', 'Shot', 'Foul', 'Unused', 'Imported']);
  });

  it('order the labels in use as the window offers them, then players, then the others', () => {
    expect(labelOrder([{ labels: ['Right', 'Left'] }], ['Jane', 'Ann'], counts)).toEqual(['Left', 'Jane', 'Zed']);
  });

  it('sum every row and column to the instances that have them', () => {
    const many = Array.from({ length: 3000 }, (_, i) => t(`C${i % 7}`, i % 3 === 0 ? [] : [`L${i % 4}`]));
    const c = countTags(many);
    for (const [code, n] of c.byCode) expect(n).toBe(many.filter((m) => m.code === code).length);
    for (const [label, n] of c.byLabel) {
      expect(n).toBe(many.filter((m) => m.labels.includes(label)).length);
      expect([...c.byCode.keys()].reduce((sum, code) => sum + cellCount(c, code, label), 0)).toBe(n);
    }
  });
});

import type { Level } from '@app/contracts/levels';
import { describe, expect, it } from 'vitest';

import { MAX_NAV_COLUMNS, navItems, navItemsFor } from '@/app/layouts/nav-items';

describe('bottom navigation table', () => {
  it.each<[Level, [string, string][]]>([
    ['none', [['Events', '/events'], ['Subscribe', '/subscribe']]],
    ['fan', [['Events', '/events'], ['Library', '/library'], ['Watch', '/live']]],
    ['athlete', [['Team', '/team'], ['Library', '/library'], ['Upload', '/upload'], ['Watch', '/live'], ['Profile', '/profile']]],
    ['team', [['Team', '/team'], ['Library', '/library'], ['Upload', '/upload'], ['Watch', '/live'], ['Profile', '/profile']]],
  ])('level %s sees exactly its items, in table order', (level, expected) => {
    expect(navItemsFor(level).map((item) => [item.label, item.to])).toEqual(expected);
  });

  it('never exceeds 5 columns', () => {
    expect(MAX_NAV_COLUMNS).toBe(5);
    const crowded = [...navItems, ...navItems].map((item) => ({ ...item, levels: ['fan' as const] }));
    expect(navItemsFor('fan', crowded).map((item) => item.label)).toEqual(
      navItems.slice(0, 5).map((item) => item.label),
    );
    for (const level of ['none', 'fan', 'athlete', 'team'] as const) {
      expect(navItemsFor(level).length).toBeLessThanOrEqual(MAX_NAV_COLUMNS);
    }
  });

  it('gives every item an icon', () => {
    for (const item of navItems) expect(item.icon).toBeTruthy();
  });
});

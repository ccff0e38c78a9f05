import type { CodeButton, Tag } from '@app/contracts/film';

/** How many instances each code and each label has, and each code with each label (the matrix's cells). */
export type TagCounts = {
  total: number;
  byCode: ReadonlyMap<string, number>;
  byLabel: ReadonlyMap<string, number>;
  /** code -> label -> instances of the code with the label. */
  cells: ReadonlyMap<string, ReadonlyMap<string, number>>;
};

const bump = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

/** One pass over the instances. */
export function countTags(items: readonly Pick<Tag, 'code' | 'labels'>[]): TagCounts {
  const byCode = new Map<string, number>();
  const byLabel = new Map<string, number>();
  const cells = new Map<string, Map<string, number>>();
  for (const t of items) {
    bump(byCode, t.code);
    let row = cells.get(t.code);
    if (!row) cells.set(t.code, (row = new Map()));
    // A label counts once per instance, even if an import listed it twice.
    for (const label of new Set(t.labels)) {
      bump(byLabel, label);
      bump(row, label);
    }
  }
  return { total: items.length, byCode, byLabel, cells };
}

export function cellCount(counts: TagCounts, code: string, label: string): number {
  return counts.cells.get(code)?.get(label) ?? 0;
}

/** The codes in the window's order, then codes only instances have (a renamed or removed button, an import), by name. */
export function codeOrder(buttons: readonly Pick<CodeButton, 'name'>[], counts: Pick<TagCounts, 'byCode'>): string[] {
  const names = buttons.map((b) => b.name);
  const known = new Set(names);
  const others = [...counts.byCode.keys()].filter((c) => !known.has(c)).sort((a, b) => a.localeCompare(b));
  return [...names, ...others];
}

/**
 * The labels instances have, in the window's order (each button's labels, then the players), then any
 * other by name; labels no instance has are left out (the matrix has a column per label in use).
 */
export function labelOrder(buttons: readonly Pick<CodeButton, 'labels'>[], players: readonly string[], counts: Pick<TagCounts, 'byLabel'>): string[] {
  const offered = [...new Set([...buttons.flatMap((b) => b.labels), ...players])].filter((l) => counts.byLabel.has(l));
  const known = new Set(offered);
  const others = [...counts.byLabel.keys()].filter((l) => !known.has(l)).sort((a, b) => a.localeCompare(b));
  return [...offered, ...others];
}

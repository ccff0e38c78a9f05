import { matchesTagFilter, type CodeButton, type Tag, type TagFilter } from '@app/contracts/film';

/** A code no button has any more (renamed, removed, imported) shows in a neutral grey. */
export const UNKNOWN_CODE_COLOR = '#737373';
/** A trimmed instance keeps at least this long, so both of its edges stay apart to grab. */
const MIN_INSTANCE_SECONDS = 0.5;

/** A code's row: its instances the filter keeps; a row of a code the filter leaves out is hidden, not dropped. */
export type TimelineRow = { code: string; color: string; items: readonly Tag[]; shown: boolean };

/** Each code's instances in start order, one pass (3,000 instances group in well under a frame). */
export function groupByCode(items: readonly Tag[]): ReadonlyMap<string, readonly Tag[]> {
  const groups = new Map<string, Tag[]>();
  for (const t of items) {
    const group = groups.get(t.code);
    if (group) group.push(t);
    else groups.set(t.code, [t]);
  }
  return groups;
}

const NONE: readonly Tag[] = [];

/**
 * One row per code in `codes` (the window's order) with the instances of `groups` that `filter` keeps. A
 * filter without labels keeps each row's group itself (the same array): a change of codes only shows and
 * hides rows, and a memoized row (which compares its instances one by one) is left alone.
 */
export function timelineRows(
  codes: readonly string[],
  buttons: readonly Pick<CodeButton, 'name' | 'color'>[],
  groups: ReadonlyMap<string, readonly Tag[]>,
  filter: TagFilter,
): TimelineRow[] {
  const colors = new Map(buttons.map((b) => [b.name, b.color]));
  const byLabel: TagFilter | null = filter.label.length > 0 ? { code: [], label: filter.label, match: filter.match } : null;
  return codes.map((code) => {
    const group = groups.get(code) ?? NONE;
    const items = byLabel ? group.filter((t) => matchesTagFilter(t, byLabel)) : group;
    return { code, color: colors.get(code) ?? UNKNOWN_CODE_COLOR, items, shown: filter.code.length === 0 || filter.code.includes(code) };
  });
}

/** The same instances (the same objects) in the same order. */
export function sameItems(a: readonly Tag[], b: readonly Tag[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** How long the timeline is: the footage's duration, or while it is unknown as far as the instances reach. */
export function timelineLength(duration: number | null | undefined, items: readonly Pick<Tag, 'end'>[]): number {
  if (duration && duration > 0) return duration;
  let end = 0;
  for (const t of items) end = Math.max(end, t.end);
  return end;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Where a bar sits on its row, in percent of the row's width, inside the row. */
export function barBox(start: number, end: number, length: number): { left: number; width: number } {
  if (length <= 0) return { left: 0, width: 0 };
  const left = clamp((start / length) * 100, 0, 100);
  const right = clamp((end / length) * 100, left, 100);
  return { left, width: right - left };
}

/** The playhead's place in percent of the row. */
export function playheadPercent(time: number, length: number): number {
  return length > 0 ? clamp((time / length) * 100, 0, 100) : 0;
}

/** The time under a pointer at `clientX` on a row spanning `left` to `left + width` px. */
export function timeAtPointer(clientX: number, row: { left: number; width: number }, length: number): number {
  if (row.width <= 0) return 0;
  return clamp((clientX - row.left) / row.width, 0, 1) * length;
}

/**
 * An instance with one edge dragged to `t`: inside the footage, and the edges never cross (the instance
 * keeps MIN_INSTANCE_SECONDS, or what it had when it was shorter).
 */
export function trimmed(tag: Pick<Tag, 'start' | 'end'>, edge: 'start' | 'end', t: number, length: number): { start: number; end: number } {
  const keep = Math.min(MIN_INSTANCE_SECONDS, Math.max(0, tag.end - tag.start));
  const at = Math.round(t * 1000) / 1000;
  if (edge === 'start') return { start: clamp(at, 0, tag.end - keep), end: tag.end };
  return { start: tag.start, end: clamp(at, tag.start + keep, Math.max(length, tag.start + keep)) };
}

import type { CodeButton, Tag } from '@app/contracts/film';

/** A code no button has any more (renamed, removed, imported) shows in a neutral grey. */
export const UNKNOWN_CODE_COLOR = '#737373';
/** A trimmed instance keeps at least this long, so both of its edges stay apart to grab. */
const MIN_INSTANCE_SECONDS = 0.5;

export type TimelineRow = { code: string; color: string; items: Tag[] };

/**
 * One row per code in `codes` (the window's order), each with its instances of `items` in start order.
 * One pass: 3,000 instances group in well under a frame.
 */
export function timelineRows(codes: readonly string[], buttons: readonly Pick<CodeButton, 'name' | 'color'>[], items: readonly Tag[]): TimelineRow[] {
  const colors = new Map(buttons.map((b) => [b.name, b.color]));
  const rows = new Map<string, TimelineRow>(codes.map((code) => [code, { code, color: colors.get(code) ?? UNKNOWN_CODE_COLOR, items: [] }]));
  for (const t of items) rows.get(t.code)?.items.push(t);
  return [...rows.values()];
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

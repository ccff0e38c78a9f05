import { isoInstant } from '@app/contracts/iso-date';

const DAY_MS = 86_400_000;
/** Without `to`, a window spans this long from its `from`. */
const DEFAULT_SPAN_MS = 90 * DAY_MS;

/** The items `GET /api/team/schedule?from=&to=` shows at one moment, and how long the same query shows the same ones. */
export interface ScheduleWindow {
  /** Items starting in [from, to) are shown. */
  from: number;
  to: number;
  /** Read the starts up to here: past `to` when `to` moves with the clock, to know which item comes into the window next. */
  readTo: number;
  /** Until when (exclusive) the same query shows the same items, given the starts (in order) of the items in [from, readTo). */
  sameUntil(starts: number[]): number;
}

/**
 * The window of a schedule query at `now`. Without `from` it counts from the clock (a day back, so an item
 * still going on stays in it) and, without `to` either, spans 90 days from there: it slides, so an item drops
 * out a day after it starts and the next one comes in 90 days minus a day before its start. `ahead` is how far
 * past a sliding `to` to look (the answer is kept at most that long anyway).
 */
export function scheduleWindow(query: { from?: string | undefined; to?: string | undefined }, now: number, ahead: number): ScheduleWindow {
  const slidesFrom = query.from === undefined;
  const slidesTo = slidesFrom && query.to === undefined;
  const from = query.from === undefined ? now - DAY_MS : isoInstant(query.from);
  const to = query.to === undefined ? from + DEFAULT_SPAN_MS : isoInstant(query.to);
  return {
    from,
    to,
    readTo: slidesTo ? to + ahead : to,
    sameUntil(starts) {
      let until = slidesTo ? now + ahead : Infinity;
      // The earliest start leaves first: once the clock is more than a day past it.
      if (slidesFrom && starts.length > 0) until = Math.min(until, starts[0]! + DAY_MS + 1);
      // The first start at or after `to` comes in once `to`, moving with the clock, is past it.
      const next = slidesTo ? starts.find((start) => start >= to) : undefined;
      if (next !== undefined) until = Math.min(until, next - (to - now) + 1);
      return until;
    },
  };
}

import { offsetAt, wallTimeAt } from '@app/contracts/zoned-time';

/*
 * How a schedule item's time reads. An item happens at its venue, so its day and time are the venue's
 * wall clock (`timeZone`), labelled with the zone when the viewer's clock differs at that moment.
 */

type Timed = { start: string; end: string; timeZone: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of an instant in `timeZone`: the day an item belongs to. */
export function dayKey(instant: string | number, timeZone: string): string {
  const wall = wallTimeAt(new Date(instant).getTime(), timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** `YYYY-MM-DDTHH:mm` of an instant in `timeZone`: a `datetime-local` input's value. */
export function localInputValue(instant: string | number, timeZone: string): string {
  const wall = wallTimeAt(new Date(instant).getTime(), timeZone);
  return `${dayKey(instant, timeZone)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The browser's own zone. */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export type DayGroup<T> = { day: string; items: T[] };

/**
 * Items by the day they happen on, each on its venue's calendar day (a 23:30 game in Los Angeles is on
 * that day even for a viewer in Berlin, where it is already the next morning): days in order, and within
 * a day the items in the order they start.
 */
export function groupByDay<T extends Timed>(items: readonly T[]): DayGroup<T>[] {
  const days = new Map<string, T[]>();
  const byStart = [...items].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const item of byStart) {
    const day = dayKey(item.start, item.timeZone);
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  return [...days].sort(([a], [b]) => a.localeCompare(b)).map(([day, dayItems]) => ({ day, items: dayItems }));
}

/** A day's heading: 'Today', 'Tomorrow', else its weekday and date ('Saturday, March 7'); the year only when it is not this one. */
export function dayLabel(day: string, now: number, zone = viewerZone(), locale?: string): string {
  const today = dayKey(now, zone);
  if (day === today) return 'Today';
  if (day === dayKey(now + 86_400_000, zone)) return 'Tomorrow';
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // Noon UTC of that date, formatted in UTC: the same calendar date whatever the viewer's zone.
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(day.slice(0, 4) !== today.slice(0, 4) && { year: 'numeric' }),
  }).format(Date.UTC(year, month - 1, date, 12));
}

/**
 * The zone's short name at that instant ('EST', 'GMT+1') when the viewer's clock shows another time
 * then, else null (same offset: the times read the same, a label would be noise).
 */
export function zoneLabel(instant: string, timeZone: string, zone = viewerZone(), locale?: string): string | null {
  const ms = Date.parse(instant);
  if (offsetAt(ms, timeZone) === offsetAt(ms, zone)) return null;
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(ms).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** Start and end as the venue's clock shows them ('6:00 – 7:30 PM'); an end on a later day also says its date. */
export function timeRange(item: Timed, locale?: string): string {
  const sameDay = dayKey(item.start, item.timeZone) === dayKey(item.end, item.timeZone);
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: item.timeZone,
    hour: 'numeric',
    minute: '2-digit',
    ...(!sameDay && { month: 'short', day: 'numeric' }),
  });
  return format.formatRange(Date.parse(item.start), Date.parse(item.end));
}

/** Start and end on the viewer's clock, with the weekday ('Tue, 4:00 – 6:00 AM'): an away game seen from home. */
export function viewerTimeRange(item: Timed, zone = viewerZone(), locale?: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: 'short', hour: 'numeric', minute: '2-digit' }).formatRange(
    Date.parse(item.start),
    Date.parse(item.end),
  );
}

/** The start's full date on the venue's calendar: 'Saturday, March 7, 2026'. */
export function fullDate(item: Timed, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: item.timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(
    Date.parse(item.start),
  );
}

/** Whether an item is over (it ended before `now`). */
export function isPast(item: Timed, now: number): boolean {
  return Date.parse(item.end) <= now;
}

/** Over: past its end, or a game whose live stream has ended (it may end before its planned end). */
export function isOver(item: Timed & { liveStatus?: string | undefined }, now: number): boolean {
  return isPast(item, now) || item.liveStatus === 'ended';
}

import { instantOf, wallTimeAt } from '@app/contracts/zoned-time';

const DAY_MS = 86_400_000;

/**
 * The occurrences of a weekly series: the same wall-clock start in `timeZone` each week (so an 18:00 practice
 * stays at 18:00 when the clocks change and its UTC instant moves), through the day `until` (YYYY-MM-DD, local),
 * each as long as the first in wall-clock terms. At most `max` occurrences.
 */
export function weeklyOccurrences(startMs: number, endMs: number, timeZone: string, until: string, max = 60): { start: number; end: number }[] {
  const start = wallTimeAt(startMs, timeZone);
  const end = wallTimeAt(endMs, timeZone);
  const endDayOffset = Math.round((Date.UTC(end.year, end.month - 1, end.day) - Date.UTC(start.year, start.month - 1, start.day)) / DAY_MS);
  const [uy, um, ud] = until.split('-').map(Number) as [number, number, number];
  const lastDay = Date.UTC(uy, um - 1, ud);
  const out: { start: number; end: number }[] = [];
  for (let week = 0; out.length < max; week++) {
    const day = new Date(Date.UTC(start.year, start.month - 1, start.day + week * 7));
    if (day.getTime() > lastDay) break;
    const date = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
    const endDate = new Date(day.getTime() + endDayOffset * DAY_MS);
    out.push({
      start: week === 0 ? startMs : instantOf({ ...date, hour: start.hour, minute: start.minute, second: start.second }, timeZone),
      end:
        week === 0
          ? endMs
          : instantOf({ year: endDate.getUTCFullYear(), month: endDate.getUTCMonth() + 1, day: endDate.getUTCDate(), hour: end.hour, minute: end.minute, second: end.second }, timeZone),
    });
  }
  return out;
}

/** Moves an instant by a wall-clock shift in `timeZone` (days and ms of the local clock), as "following" edits do. */
export function shiftWallClock(ms: number, timeZone: string, shift: { days: number; ms: number }): number {
  const w = wallTimeAt(ms, timeZone);
  const local = Date.UTC(w.year, w.month - 1, w.day + shift.days, w.hour, w.minute, w.second) + shift.ms;
  const d = new Date(local);
  return instantOf({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() }, timeZone);
}

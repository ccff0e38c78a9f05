import { calendarParts, instantOfParts, utcOf, type WallTime } from './iso-date';

/**
 * Wall-clock time in an IANA time zone <-> instants, with the zone data the JavaScript runtime ships (Intl), so
 * browser and server agree and no date library rides in the web bundle. A weekly 18:00 practice is 18:00 in
 * the venue's zone on every date, whatever the offset that day.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when the runtime knows this IANA zone name. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `timeZone` at the instant `ms`. */
export function wallTimeAt(ms: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at the instant `ms`, in ms (east positive). */
export function offsetAt(ms: number, timeZone: string): number {
  return utcOf(wallTimeAt(ms, timeZone)) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant when the wall clock in `timeZone` shows `wall`. A time skipped by a DST jump (02:30 on the
 * spring-forward night) moves forward by the gap, as calendars do; a repeated one takes the first.
 */
export function instantOf(wall: WallTime, timeZone: string): number {
  const guess = utcOf(wall);
  // Offsets change at most once within a day: try the offsets of the day before and the day after.
  const before = guess - offsetAt(guess - 86_400_000, timeZone);
  const after = guess - offsetAt(guess + 86_400_000, timeZone);
  const fits = [before, after].filter((c) => utcOf(wallTimeAt(c, timeZone)) === guess);
  if (fits.length > 0) return Math.min(...fits);
  // Skipped wall time: the offset before the jump lands after it.
  return before;
}

/**
 * A start or end as the API takes it: ISO 8601 with an offset (`2026-03-01T18:00:00-05:00`, `...Z`), or a local
 * date and time without one (`2026-03-01T18:00`), read as the wall clock in `timeZone`. NaN when it is neither,
 * or names a day or time the calendar does not have.
 */
export function parseScheduleTime(value: string, timeZone: string): number {
  const parts = calendarParts(value);
  if (!parts?.hasTime) return NaN;
  if (parts.offsetMinutes !== null) return instantOfParts(parts);
  if (!isTimeZone(timeZone)) return NaN;
  return instantOf(parts, timeZone);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** ISO 8601 with the zone's offset at that instant: `2026-03-01T18:00:00-05:00`. */
export function formatWithOffset(ms: number, timeZone: string): string {
  const w = wallTimeAt(ms, timeZone);
  // The offset from the same wall time (offsetAt would format the instant again).
  const offsetMin = Math.round((utcOf(w) - Math.floor(ms / 1000) * 1000) / 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

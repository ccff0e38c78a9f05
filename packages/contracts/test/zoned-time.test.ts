import { describe, expect, it } from 'vitest';
import { formatWithOffset, instantOf, isTimeZone, offsetAt, parseScheduleTime, wallTimeAt } from '@app/contracts/zoned-time';

const NY = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
const wall = (year: number, month: number, day: number, hour: number, minute = 0) => ({ year, month, day, hour, minute, second: 0 });

describe('wall-clock time in a time zone', () => {
  it('knows the zones the runtime ships, and nothing else', () => {
    expect(isTimeZone(NY)).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('x'.repeat(65))).toBe(false);
  });

  it('reads the wall clock and the offset of an instant', () => {
    expect(wallTimeAt(at('2026-01-15T23:00:00Z'), NY)).toEqual(wall(2026, 1, 15, 18));
    expect(offsetAt(at('2026-01-15T23:00:00Z'), NY)).toBe(-5 * 3600_000);
    expect(offsetAt(at('2026-07-15T22:00:00Z'), NY)).toBe(-4 * 3600_000);
  });

  it('keeps 18:00 at 18:00 on either side of a clock change', () => {
    expect(instantOf(wall(2026, 3, 7, 18), NY)).toBe(at('2026-03-07T23:00:00Z'));
    expect(instantOf(wall(2026, 3, 9, 18), NY)).toBe(at('2026-03-09T22:00:00Z'));
  });

  it('moves a time the spring jump skips forward by the gap, and takes the first of a repeated one', () => {
    // 2026-03-08 02:30 does not exist in New York: the clocks go from 02:00 EST to 03:00 EDT.
    expect(instantOf(wall(2026, 3, 8, 2, 30), NY)).toBe(at('2026-03-08T07:30:00Z'));
    expect(wallTimeAt(instantOf(wall(2026, 3, 8, 2, 30), NY), NY)).toEqual(wall(2026, 3, 8, 3, 30));
    // 2026-11-01 01:30 happens twice: first in EDT (-04:00).
    expect(instantOf(wall(2026, 11, 1, 1, 30), NY)).toBe(at('2026-11-01T05:30:00Z'));
  });

  it('parses a schedule time with an offset as that instant, and a local one in the venue’s zone', () => {
    expect(parseScheduleTime('2026-03-01T18:00:00-05:00', 'Europe/Helsinki')).toBe(at('2026-03-01T23:00:00Z'));
    expect(parseScheduleTime('2026-03-01T18:00:00Z', NY)).toBe(at('2026-03-01T18:00:00Z'));
    expect(parseScheduleTime('2026-03-01T18:00', NY)).toBe(at('2026-03-01T23:00:00Z'));
    expect(parseScheduleTime('2026-07-01T18:00', 'Europe/Helsinki')).toBe(at('2026-07-01T15:00:00Z'));
  });

  it('answers NaN for a date alone, a day the calendar lacks or an unknown zone', () => {
    expect(parseScheduleTime('2026-03-01', NY)).toBeNaN();
    expect(parseScheduleTime('2026-02-30T18:00', NY)).toBeNaN();
    expect(parseScheduleTime('2026-03-01T25:00', NY)).toBeNaN();
    expect(parseScheduleTime('2026-03-01T18:00', 'Nowhere/City')).toBeNaN();
    expect(parseScheduleTime('tomorrow', NY)).toBeNaN();
  });

  it('formats an instant with the zone’s offset of that day, and reads back the same instant', () => {
    expect(formatWithOffset(at('2026-03-01T23:00:00Z'), NY)).toBe('2026-03-01T18:00:00-05:00');
    expect(formatWithOffset(at('2026-07-01T22:00:00Z'), NY)).toBe('2026-07-01T18:00:00-04:00');
    expect(formatWithOffset(at('2026-07-01T15:00:00Z'), 'Asia/Kolkata')).toBe('2026-07-01T20:30:00+05:30');
    for (const iso of ['2026-03-08T07:30:00Z', '2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z']) {
      expect(parseScheduleTime(formatWithOffset(at(iso), NY), 'UTC')).toBe(at(iso));
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { betweenYears, calendarParts, isoDate, isoDateTime, isoInstant } from '@app/contracts/iso-date';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const day = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** Whether the day exists, asked of the runtime's own calendar: it rolls a missing day over, so the fields change. */
function exists(y: number, m: number, d: number): boolean {
  const at = new Date(0);
  at.setUTCFullYear(y, m - 1, d);
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

const year = fc.integer({ min: 0, max: 9999 });
const anyDate = isoDate({ format: 'format', ...betweenYears('Day', 0, 9999) });

describe('the shared ISO date parse', () => {
  it('takes every day the calendar has, at the instant it names', () => {
    fc.assert(
      fc.property(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (y, m, d) => {
        fc.pre(exists(y, m, d));
        const value = day(y, m, d);
        expect(anyDate.safeParse(value).success).toBe(true);
        expect(calendarParts(value)).toMatchObject({ year: y, month: m, day: d });
        const at = new Date(0);
        at.setUTCFullYear(y, m - 1, d);
        expect(isoInstant(value)).toBe(at.getTime());
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every day the calendar would roll over, with "Invalid date"', () => {
    fc.assert(
      fc.property(year, fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (y, m, d) => {
        fc.pre(!(m >= 1 && m <= 12 && exists(y, m, d)));
        const result = anyDate.safeParse(day(y, m, d));
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((i) => i.message)).toEqual(['Invalid date']);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a date and time with an offset as Date.parse does, wherever the day exists', () => {
    const offset = fc.oneof(
      fc.constant('Z'),
      fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 14 }), fc.constantFrom(0, 30, 45)).map(([s, h, m]) => `${s}${pad(h)}:${pad(m)}`),
    );
    const schema = isoDateTime({ format: 'format', ...betweenYears('Time', 1900, 2200) });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1901-01-01T00:00:00Z'), max: new Date('2199-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        offset,
        (date, h, mi, off) => {
          const value = `${date.toISOString().slice(0, 10)}T${pad(h)}:${pad(mi)}:07.250${off}`;
          expect(schema.safeParse(value).success).toBe(true);
          expect(isoInstant(value)).toBe(Date.parse(value));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('refuses a time the clock does not have, and what is no ISO 8601 at all', () => {
    const schema = isoDateTime({ format: 'not a time', orDate: true, ...betweenYears('Time', 1900, 2200) });
    const messages = (value: string) => schema.safeParse(value).error?.issues.map((i) => i.message);
    for (const value of ['2027-03-01T24:00', '2027-03-01T23:60', '2027-03-01T23:59:60Z', '2027-03-01T12:00+24:00', '-000000-01-01']) {
      expect(messages(value), value).toEqual(['Invalid date']);
    }
    for (const value of ['', '1', '2027-3-1', '2027-03-01 18:00', '2027-03-01T18', 'March 1, 2027', '2027-03-01T18:00:00+5']) {
      expect(messages(value), value).toEqual(['not a time']);
    }
    expect(messages('1899-12-31T23:59:59Z')).toEqual(['Time must be between 1900 and 2200']);
    // Years 0-99 are their own: year 0 is a leap year, 1900 (where Date.UTC would put it) is not.
    expect(new Date(isoInstant('0000-02-29T12:00:00Z')).toISOString()).toBe('0000-02-29T12:00:00.000Z');
    expect(messages('2200-12-31T23:59:59.999Z')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_DATE_MS, msCursorQuery, safeIdNumber } from '@app/contracts/bounds';

describe('msCursorQuery', () => {
  it('takes a time in ms from the query string, up to the last one a Date holds', () => {
    expect(msCursorQuery.parse('0')).toBe(0);
    expect(msCursorQuery.parse('1767225600000')).toBe(1_767_225_600_000);
    expect(msCursorQuery.parse(String(MAX_DATE_MS))).toBe(MAX_DATE_MS);
    expect(new Date(msCursorQuery.parse(String(MAX_DATE_MS))).getTime()).toBe(MAX_DATE_MS);
  });

  it('refuses what is no time, with a message', () => {
    for (const value of ['-1', '1.5', 'abc', String(MAX_DATE_MS + 1), '1e300']) {
      const result = msCursorQuery.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message, value).toMatch(/time in ms/);
    }
  });
});

describe('safeIdNumber', () => {
  it('takes whole numbers JavaScript holds exactly', () => {
    expect(safeIdNumber.parse(0)).toBe(0);
    expect(safeIdNumber.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses fractions, negatives and numbers past the safe range', () => {
    for (const value of [1.5, -1, Number.MAX_SAFE_INTEGER + 1, Number.POSITIVE_INFINITY]) expect(safeIdNumber.safeParse(value).success, String(value)).toBe(false);
    expect(safeIdNumber.safeParse(2 ** 60).error?.issues[0]?.message).toBe(`Must be at most ${Number.MAX_SAFE_INTEGER}`);
  });
});

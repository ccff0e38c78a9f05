import { describe, expect, it } from 'vitest';

import { dayKey, dayLabel, groupByDay, localInputValue, timeRange, viewerTimeRange, zoneLabel } from '@/features/schedule/utils/schedule-time';

const item = (id: string, start: string, end: string, timeZone: string) => ({ id, start, end, timeZone });

describe('groupByDay', () => {
  it("puts each item on its venue's calendar day, whatever the viewer's zone", () => {
    // 23:30 in Los Angeles is already Sunday 08:30 in Berlin: the game still belongs to Saturday.
    const lateGame = item('late', '2026-03-07T23:30:00-08:00', '2026-03-08T01:00:00-08:00', 'America/Los_Angeles');
    // 07:00 Sunday in Sydney is Saturday 20:00 UTC: it belongs to Sunday.
    const sydneyMorning = item('syd', '2026-03-08T07:00:00+11:00', '2026-03-08T08:00:00+11:00', 'Australia/Sydney');
    const berlinSaturday = item('ber', '2026-03-07T10:00:00+01:00', '2026-03-07T11:30:00+01:00', 'Europe/Berlin');
    const groups = groupByDay([lateGame, sydneyMorning, berlinSaturday]);
    expect(groups.map((g) => [g.day, g.items.map((i) => i.id)])).toEqual([
      ['2026-03-07', ['ber', 'late']],
      ['2026-03-08', ['syd']],
    ]);
  });

  it('orders a day by the instant each item starts, across zones', () => {
    const ny = item('ny', '2026-06-01T09:00:00-04:00', '2026-06-01T10:00:00-04:00', 'America/New_York'); // 13:00 UTC
    const berlin = item('berlin', '2026-06-01T14:00:00+02:00', '2026-06-01T15:00:00+02:00', 'Europe/Berlin'); // 12:00 UTC
    expect(groupByDay([ny, berlin])[0]!.items.map((i) => i.id)).toEqual(['berlin', 'ny']);
  });

  it('keeps a weekly 18:00 practice on its weekday across the clocks changing', () => {
    const before = item('before', '2026-03-05T18:00:00-05:00', '2026-03-05T19:30:00-05:00', 'America/New_York');
    const after = item('after', '2026-03-12T18:00:00-04:00', '2026-03-12T19:30:00-04:00', 'America/New_York');
    expect(groupByDay([after, before]).map((g) => g.day)).toEqual(['2026-03-05', '2026-03-12']);
    expect(localInputValue(after.start, after.timeZone)).toBe('2026-03-12T18:00');
    expect(localInputValue(before.start, before.timeZone)).toBe('2026-03-05T18:00');
  });

  it('returns no days for no items', () => {
    expect(groupByDay([])).toEqual([]);
  });
});

describe('day and time labels', () => {
  const now = Date.parse('2026-03-07T12:00:00Z');

  it('says Today and Tomorrow on the viewer’s calendar, else the weekday and date', () => {
    expect(dayLabel('2026-03-07', now, 'Europe/Berlin', 'en-US')).toBe('Today');
    expect(dayLabel('2026-03-08', now, 'Europe/Berlin', 'en-US')).toBe('Tomorrow');
    expect(dayLabel('2026-03-10', now, 'Europe/Berlin', 'en-US')).toBe('Tuesday, March 10');
    expect(dayLabel('2027-01-05', now, 'Europe/Berlin', 'en-US')).toBe('Tuesday, January 5, 2027');
  });

  it("labels the venue's zone only when the viewer's clock reads differently then", () => {
    const start = '2026-07-01T18:00:00-04:00';
    expect(zoneLabel(start, 'America/New_York', 'America/New_York', 'en-US')).toBeNull();
    // Same offset in summer (both UTC-4): nothing to tell apart.
    expect(zoneLabel(start, 'America/New_York', 'America/Toronto', 'en-US')).toBeNull();
    expect(zoneLabel(start, 'America/New_York', 'Europe/Berlin', 'en-US')).toBe('EDT');
    // And what the viewer's clock says then: the next morning in Berlin.
    expect(viewerTimeRange({ start, end: '2026-07-01T20:00:00-04:00', timeZone: 'America/New_York' }, 'Europe/Berlin', 'en-GB')).toBe('Thu, 00:00–02:00');
  });

  it("shows times on the venue's clock, with the date when the end is on another day", () => {
    const evening = item('x', '2026-03-07T18:00:00-05:00', '2026-03-07T19:30:00-05:00', 'America/New_York');
    expect(timeRange(evening, 'en-GB')).toBe('18:00–19:30');
    const overnight = item('y', '2026-03-07T22:00:00+01:00', '2026-03-08T01:00:00+01:00', 'Europe/Berlin');
    expect(timeRange(overnight, 'en-GB')).toMatch(/7 Mar.*22:00.*8 Mar.*01:00/);
    expect(dayKey(overnight.end, overnight.timeZone)).toBe('2026-03-08');
  });
});

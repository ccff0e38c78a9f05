import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from './live/events-helpers';
import { call, coach, teamsApp, type Person, type TeamsApp } from './teams/helpers';
import { athlete } from './videos/helpers';

// A date the calendar does not have is refused, never rolled over into the next month, and so is one
// outside the years the field can mean; the message names the field.

let t: TeamsApp;
let owner: Person;
let player: Person;

beforeAll(async () => {
  t = await teamsApp({ WORKERS: '0' });
  owner = await coach(t, 'datecoach', 'Team Dates');
  player = await athlete(t, 'dateplayer');
});
afterAll(() => t?.close());

function expect400(res: LightMyRequestResponse, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message });
}

const count = async (table: string) => Number((await t.sql<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

const practice = { kind: 'practice', title: 'Practice', start: '2027-02-01T18:00', end: '2027-02-01T19:30', timeZone: 'Europe/Berlin' };

describe('a schedule item', () => {
  const bad = [
    ['2027-02-30T18:00', 'Invalid date'],
    ['2027-02-30T18:00:00Z', 'Invalid date'],
    ['2027-02-28T24:00', 'Invalid date'],
    ['0000-01-01T18:00', 'Start must be between 1970 and 2100'],
    ['1969-12-31T18:00:00Z', 'Start must be between 1970 and 2100'],
    ['2101-01-01T18:00', 'Start must be between 1970 and 2100'],
    ['+275760-09-13T00:00:00Z', 'Start must be between 1970 and 2100'],
  ] as const;

  it.each(bad)('start %s is a 400 naming it, and nothing is stored', async (start, message) => {
    const before = await count('schedule_items');
    expect400(await call(t, 'POST', '/api/team/schedule', owner.headers, { ...practice, start, end: '2027-03-01T19:30' }), `body.start: ${message}`);
    expect(await count('schedule_items')).toBe(before);
  });

  it('is kept as it was when an edit sends an impossible or out-of-range start, with or without the zone', async () => {
    const created = await call(t, 'POST', '/api/team/schedule', owner.headers, practice);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    const read = async () => (await call(t, 'GET', `/api/team/schedule/${id}`, owner.headers)).json();
    const original = await read();
    for (const [start, message] of bad) {
      expect400(await call(t, 'PUT', `/api/team/schedule/${id}`, owner.headers, { start }), `body.start: ${message}`);
      expect400(await call(t, 'PUT', `/api/team/schedule/${id}`, owner.headers, { start, timeZone: 'Europe/Berlin' }), `body.start: ${message}`);
    }
    expect400(await call(t, 'PUT', `/api/team/schedule/${id}`, owner.headers, { end: '2027-04-31T19:00' }), 'body.end: Invalid date');
    expect(await read()).toEqual(original);
  });

  it('takes a leap day that exists, in the venue’s zone', async () => {
    const res = await call(t, 'POST', '/api/team/schedule', owner.headers, { ...practice, start: '2028-02-29T18:00', end: '2028-02-29T19:30' });
    expect(res.statusCode, res.body).toBe(201);
    const item = (await call(t, 'GET', `/api/team/schedule/${res.json()._id}`, owner.headers)).json();
    expect([item.start, item.end]).toEqual(['2028-02-29T18:00:00+01:00', '2028-02-29T19:30:00+01:00']);
    const moved = await call(t, 'PUT', `/api/team/schedule/${res.json()._id}`, owner.headers, { start: '2028-02-29T17:00:00Z', end: '2028-02-29T18:00:00Z' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().start).toBe('2028-02-29T18:00:00+01:00');
  });

  it('of a weekly series refuses an until the calendar does not have, and stores none of it', async () => {
    const before = await count('schedule_items');
    const start = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const series = { ...practice, start: `${start}T18:00`, end: `${start}T19:30` };
    expect400(await call(t, 'POST', '/api/team/schedule', owner.headers, { ...series, repeat: { weekly: true, until: '2027-02-30' } }), 'body.repeat.until: Invalid date');
    expect400(await call(t, 'POST', '/api/team/schedule', owner.headers, { ...series, repeat: { weekly: true, until: '2027-2-3' } }), 'body.repeat.until: Repeat until must be a date (YYYY-MM-DD)');
    expect(await count('schedule_items')).toBe(before);
  });

  it('list window names an impossible or out-of-range from or to', async () => {
    expect400(await call(t, 'GET', '/api/team/schedule?from=2027-02-30', owner.headers), 'querystring.from: Invalid date');
    expect400(await call(t, 'GET', '/api/team/schedule?from=2027-01-01&to=2027-13-01T00:00:00Z', owner.headers), 'querystring.to: Invalid date');
    expect400(await call(t, 'GET', '/api/team/schedule?from=0000-01-01', owner.headers), 'querystring.from: from must be between 1900 and 2200');
    expect((await call(t, 'GET', '/api/team/schedule?from=2028-02-29&to=2028-03-01T00:00:00%2B01:00', owner.headers)).statusCode).toBe(200);
  });
});

describe('a birthdate', () => {
  const put = (birthdate: string) => call(t, 'PUT', '/api/user/me', player.headers, { birthdate });

  it.each([
    [new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10), 'Birthdate cannot be in the future'],
    ['2999-01-01', 'Birthdate cannot be in the future'],
    ['1899-12-31', 'Birthdate must be in 1900 or later'],
    ['0000-01-01', 'Birthdate must be in 1900 or later'],
    ['2023-02-29', 'Birthdate must be a date'],
    ['2008-13-01', 'Birthdate must be a date'],
    ['March 3rd', 'Birthdate must be a date'],
  ])('%s is a 400 naming it, and the stored one stays', async (birthdate, message) => {
    expect((await put('2008-03-14')).statusCode).toBe(200);
    expect400(await put(birthdate), `body.birthdate: ${message}`);
    expect((await call(t, 'GET', '/api/user/me', player.headers)).json().birthdate).toBe('2008-03-14');
  });

  it('takes a leap day, the first day of 1900 and today', async () => {
    for (const birthdate of ['2008-02-29', '1900-01-01', new Date().toISOString().slice(0, 10)]) {
      const res = await put(birthdate);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().birthdate).toBe(birthdate);
    }
  });
});

describe('a live event', () => {
  it.each([
    ['2027-02-30T18:00:00Z', 'Invalid date'],
    ['2027-02-29', 'Invalid date'],
    ['0000-01-01T18:00:00Z', 'Event date must be between 1970 and 2100'],
    ['2101-06-01T18:00:00Z', 'Event date must be between 1970 and 2100'],
    ['next tuesday-ish', 'Invalid date format'],
  ])('starting %s is a 400 naming the date, and nothing is stored', async (date, message) => {
    const before = await count('live_events');
    expect400(await call(t, 'POST', '/api/events', owner.headers, { title: 'Eagles vs Hawks', date, type: 'BBK', thumbnail: '', public: false }), `body.date: ${message}`);
    expect(await count('live_events')).toBe(before);
  });

  it('starts on a leap day as written', async () => {
    const { key } = await createEvent(t, owner, { date: '2028-02-29T18:00:00Z' });
    expect(await t.sql(`SELECT starts_at FROM live_events WHERE key = $1`, [key])).toEqual([{ starts_at: new Date('2028-02-29T18:00:00Z') }]);
  });
});

describe("the video library's cursor", () => {
  it('names a day the calendar does not have', async () => {
    const res = await call(t, 'GET', '/api/user/videos?timestamp=2026-02-30T00:00:00.000Z', player.headers);
    expect400(res, 'querystring.timestamp: Invalid date');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveStream, LiveStreamList } from '@app/contracts/live';
import { athlete, call, coach, createEvent, expectError, joinTeam, person, setStatus, videosApp, type Person, type TeamsApp } from './events-helpers';

let t: TeamsApp;
let eagles: Person;
let mate: Person;
let hawks: Person;
let owls: Person;
let fan: Person;
let other: Person;
const keys: Record<string, string> = {};

const list = async (who: Person | null, url: string): Promise<LiveStreamList> => {
  const res = await call(t, 'GET', url, who?.headers ?? {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const titles = (l: LiveStreamList) => l.items.map((i: LiveStream) => i.title);

beforeAll(async () => {
  t = await videosApp();
  eagles = await coach(t, 'lseagles', 'Eagles');
  mate = await athlete(t, 'lsmate');
  await joinTeam(t, 'lseagles', 'lsmate');
  hawks = await coach(t, 'lshawks', 'Hawks');
  owls = await coach(t, 'lsowls', 'Owls');
  fan = await person(t, 'lsfan', { type: 'fan' });
  other = await coach(t, 'lsother', 'Elsewhere', { other: true });

  const make = async (name: string, who: Person, options: Parameters<typeof createEvent>[2]) => (keys[name] = (await createEvent(t, who, { title: name, ...options })).key);
  // Live now: one private of the Eagles, public ones of the Hawks and the Owls.
  await make('Eagles live', eagles, { date: '2031-01-01T10:00:00Z', type: 'FTB' });
  await make('Hawks vs Owls', hawks, { date: '2031-01-01T10:00:00Z', type: 'IHK', public: true });
  await make('Owls live', owls, { date: '2031-01-01T10:00:00Z', type: 'BBK', public: true });
  await setStatus(t, keys['Eagles live']!, 'live', Date.parse('2031-01-01T10:01:00Z'));
  await setStatus(t, keys['Hawks vs Owls']!, 'live', Date.parse('2031-01-01T10:02:00Z'));
  await setStatus(t, keys['Owls live']!, 'live', Date.parse('2031-01-01T10:03:00Z'));
  // Upcoming: two share a start (paging must not split them), one private of another team, one of another tenant.
  await make('Up 1', eagles, { date: '2031-02-01T18:00:00Z', public: true });
  await make('Up 2a', hawks, { date: '2031-02-02T18:00:00Z', public: true });
  await make('Up 2b', owls, { date: '2031-02-02T18:00:00Z', public: true, type: 'IHK' });
  await make('Up 3', hawks, { date: '2031-02-03T18:00:00Z', public: true });
  await make('Hawks private', hawks, { date: '2031-02-04T18:00:00Z' });
  await make('Other tenant', other, { date: '2031-02-05T18:00:00Z', public: true });
  // Archives.
  await make('Old 1', eagles, { date: '2030-01-01T18:00:00Z' });
  await make('Old 2', hawks, { date: '2030-01-02T18:00:00Z', public: true });
  await make('Old 3', owls, { date: '2030-01-03T18:00:00Z', public: true });
  await setStatus(t, keys['Old 1']!, 'ended', Date.parse('2030-01-01T18:00:00Z'));
  await setStatus(t, keys['Old 2']!, 'ended', Date.parse('2030-01-02T18:00:00Z'));
  await setStatus(t, keys['Old 3']!, 'ended', Date.parse('2030-01-03T18:00:00Z'));
});
afterAll(() => t?.close());

describe('GET /api/team/live', () => {
  it("lists the caller's team's live events first, then public ones, as list items", async () => {
    const l = await list(mate, '/api/team/live');
    expect(titles(l)).toEqual(['Eagles live', 'Owls live', 'Hawks vs Owls']);
    expect(l.next).toBeNull();
    expect(l.items[2]).toMatchObject({
      live: true,
      streamKey: keys['Hawks vs Owls'],
      streams: [{ source: `/live/${keys['Hawks vs Owls']}` }],
      teamA: 'Hawks',
      teamB: 'Owls',
      status: 'live',
      sport: 'IHK',
      public: true,
      owner: 'lshawks',
      channel: 'main',
      dateTime: '2031-01-01T10:02:00.000Z',
      endedAt: null,
    });
    expect(l.items[1]).toMatchObject({ teamA: 'Owls', teamB: null });
  });

  it("shows a fan the public events only, another tenant none of them, and needs a token", async () => {
    expect(titles(await list(fan, '/api/team/live'))).toEqual(['Owls live', 'Hawks vs Owls']);
    expect(titles(await list(other, '/api/team/live'))).toEqual([]);
    expectError(await call(t, 'GET', '/api/team/live'), 401);
  });
});

describe('GET /api/team/upcoming and /api/team/archives', () => {
  it('pages upcoming games soonest first by their start, keeping games that share a start together', async () => {
    const first = await list(fan, '/api/team/upcoming?limit=2');
    expect(titles(first)).toEqual(['Up 1', 'Up 2a', 'Up 2b']);
    expect(first.next).toBe(Date.parse('2031-02-02T18:00:00Z'));
    const second = await list(fan, `/api/team/upcoming?limit=2&timestamp=${first.next}`);
    expect(titles(second)).toEqual(['Up 3']);
    expect(second.next).toBeNull();
    // The Hawks see their private game too.
    expect(titles(await list(hawks, '/api/team/upcoming'))).toEqual(['Up 1', 'Up 2a', 'Up 2b', 'Up 3', 'Hawks private']);
    expect(titles(await list(other, '/api/team/upcoming'))).toEqual(['Other tenant']);
  });

  it('pages ended games newest first', async () => {
    const first = await list(mate, '/api/team/archives?limit=2');
    expect(titles(first)).toEqual(['Old 3', 'Old 2']);
    expect(first.items[0]).toMatchObject({ status: 'ended', live: false, viewers: 0 });
    expect(first.items[0]!.endedAt).not.toBeNull();
    const second = await list(mate, `/api/team/archives?limit=2&timestamp=${first.next}`);
    expect(titles(second)).toEqual(['Old 1']);
    expect(second.next).toBeNull();
    expect(titles(await list(fan, '/api/team/archives'))).toEqual(['Old 3', 'Old 2']);
  });

  it('need a token, as does the search', async () => {
    for (const url of ['/api/team/upcoming', '/api/team/archives', '/api/events', '/api/events?q=owls']) expectError(await call(t, 'GET', url), 401);
  });

  it('refuses a bad cursor', async () => {
    expectError(await call(t, 'GET', '/api/team/upcoming?timestamp=soon', fan.headers), 400, /querystring\.timestamp/);
  });
});

describe('GET /api/events and /api/sports/{code}/events', () => {
  it('lists live first, then upcoming, of what the caller may see', async () => {
    expect(titles(await list(fan, '/api/events'))).toEqual(['Owls live', 'Hawks vs Owls', 'Up 1', 'Up 2a', 'Up 2b', 'Up 3']);
  });

  it('finds by title, team name or owner, with wildcards taken literally', async () => {
    expect(titles(await list(fan, '/api/events?q=owls'))).toEqual(['Owls live', 'Hawks vs Owls', 'Up 2b']);
    expect(titles(await list(fan, '/api/events?q=lshawks'))).toEqual(['Hawks vs Owls', 'Up 2a', 'Up 3']);
    expect(titles(await list(fan, '/api/events?q=Eagles'))).toEqual(['Up 1']);
    expect(titles(await list(fan, '/api/events?q=%25'))).toEqual([]);
    expect(titles(await list(fan, '/api/events?q=Up_'))).toEqual([]);
  });

  it('filters by sport code, any case, with the iho alias; an unknown sport is a 400', async () => {
    expect(titles(await list(fan, '/api/events?sport=iho'))).toEqual(['Hawks vs Owls', 'Up 2b']);
    expect(titles(await list(fan, '/api/events?sport=ihk'))).toEqual(['Hawks vs Owls', 'Up 2b']);
    expectError(await call(t, 'GET', '/api/events?sport=curling', fan.headers), 400, 'Unknown sport');
  });

  it("puts followed teams' public games first, among the live ones and within a page of upcoming ones", async () => {
    const follow = await call(t, 'PUT', '/api/teams/lshawks/main/follow', fan.headers);
    expect(follow.statusCode, follow.body).toBe(200);
    expect(titles(await list(fan, '/api/events'))).toEqual(['Hawks vs Owls', 'Owls live', 'Up 2a', 'Up 3', 'Up 1', 'Up 2b']);
    await call(t, 'DELETE', '/api/teams/lshawks/main/follow', fan.headers);
  });

  it('lists one sport by its code, and 404 for a code that names none', async () => {
    expect(titles(await list(fan, '/api/sports/IHO/events'))).toEqual(['Hawks vs Owls', 'Up 2b']);
    expect(titles(await list(fan, '/api/sports/bbk/events'))).toEqual(['Owls live', 'Up 1', 'Up 2a', 'Up 3']);
    expectError(await call(t, 'GET', '/api/sports/xyz/events', fan.headers), 404, 'Sport not found.');
    expectError(await call(t, 'GET', '/api/sports/iho/events'), 401);
  });

  it('pages the upcoming part by the start of its last item', async () => {
    const first = await list(fan, '/api/events?limit=1');
    expect(titles(first)).toEqual(['Owls live', 'Hawks vs Owls', 'Up 1']);
    const second = await list(fan, `/api/events?limit=1&timestamp=${first.next}`);
    expect(titles(second)).toEqual(['Up 2a', 'Up 2b']);
  });

  it('lists a public game that ended as a recent result (status=ended), latest first, filtered and paged like the rest', async () => {
    const key = (await createEvent(t, hawks, { title: 'Hawks vs Bears', date: '2031-03-01T18:00:00Z', type: 'IHK', public: true })).key;
    await setStatus(t, key, 'live', Date.parse('2031-03-01T18:00:00Z'));
    expect(titles(await list(fan, '/api/sports/iho/events'))).toContain('Hawks vs Bears');
    await setStatus(t, key, 'ended', Date.parse('2031-03-01T18:00:00Z'));
    // Gone from live and upcoming, found among the results, with its teams and sport.
    expect(titles(await list(fan, '/api/sports/iho/events'))).not.toContain('Hawks vs Bears');
    const results = await list(fan, '/api/events?status=ended');
    expect(titles(results)).toEqual(['Hawks vs Bears', 'Old 3', 'Old 2']);
    expect(results.items[0]).toMatchObject({ status: 'ended', teamA: 'Hawks', teamB: 'Bears', sport: 'IHK', public: true, live: false });
    expect(titles(await list(fan, '/api/sports/iho/events?status=ended'))).toEqual(['Hawks vs Bears']);
    expect(titles(await list(fan, '/api/events?status=ended&q=owls'))).toEqual(['Old 3']);
    // The team sees its private results too.
    expect(titles(await list(mate, '/api/events?status=ended&sport=bbk'))).toEqual(['Old 3', 'Old 2', 'Old 1']);
    const first = await list(fan, '/api/events?status=ended&limit=2');
    expect(titles(first)).toEqual(['Hawks vs Bears', 'Old 3']);
    expect(titles(await list(fan, `/api/events?status=ended&limit=2&timestamp=${first.next}`))).toEqual(['Old 2']);
    expectError(await call(t, 'GET', '/api/events?status=over', fan.headers), 400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleList, type ScheduleItem } from '@app/contracts/schedule';
import { scheduleLinks } from '../../src/modules/schedule/rsvp-token';
import { UPDATES_POSITION_HEADER } from '../../src/modules/updates/updates-position';
import { call, coach, teamsApp, type Person, type TeamsApp } from '../teams/helpers';
import { listen, openUpdates, write, type UpdatesStream } from '../updates/updates-helpers';
import { athlete, joinTeam, userId } from '../videos/helpers';

// The schedule lists are kept per caller while the team's newest update and the tenant's library version
// stand still (schedule/schedule-pages.ts), and every write to the schedule records a `schedule` update that
// open pages hear. These tests read once (the copy is kept), make each kind of change through the API, and
// read again; and watch the update streams of a member and of people outside the team.
let t: TeamsApp;
let base: string;
let owner: Person;
let mate: Person;
let other: Person;
let rival: Person;
let eagle: Person;

const WINDOW = '?from=2027-05-01&to=2027-06-01';
const practice = { kind: 'practice', title: 'Practice', start: '2027-05-03T18:00', end: '2027-05-03T19:30', timeZone: 'America/New_York', location: 'Field 1' };

async function list(who: Person, query = WINDOW): Promise<ScheduleItem[]> {
  const res = await call(t, 'GET', `/api/team/schedule${query}`, who.headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return scheduleList.parse(res.json()).items;
}
const itemIn = async (who: Person, id: string, query = WINDOW) => (await list(who, query)).find((i) => i._id === id);
async function create(body: object = practice): Promise<string> {
  const res = await call(t, 'POST', '/api/team/schedule', owner.headers, { ...practice, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}
async function ok(method: 'PUT' | 'DELETE' | 'POST', url: string, who: Person | null, body?: unknown) {
  const res = await call(t, method, url, who?.headers ?? {}, body);
  expect(res.statusCode, res.body).toBeLessThan(300);
}
/** Writes without firing triggers and without an update row, as nothing in the app does: what a read then shows is the kept copy. */
const silently = (statement: string) => t.sql(`BEGIN; SET LOCAL session_replication_role = replica; ${statement}; COMMIT;`);

beforeAll(async () => {
  t = await teamsApp();
  base = await listen(t.app);
  owner = await coach(t, 'livecoach', 'Live Owls');
  mate = await athlete(t, 'livemate');
  other = await athlete(t, 'liveother');
  await joinTeam(t, 'livecoach', 'livemate');
  await joinTeam(t, 'livecoach', 'liveother');
  rival = await coach(t, 'liverival', 'Live Rivals');
  eagle = await coach(t, 'liveeagle', 'Eagles', { other: true });
});
afterAll(() => t?.close());

describe('kept schedule lists', () => {
  it('a repeated read is the kept copy while nothing the list shows changed', async () => {
    const id = await create({ title: 'Kept as sent' });
    expect((await itemIn(mate, id))?.title).toBe('Kept as sent');
    await silently(`UPDATE schedule_items SET title = 'Changed unseen' WHERE id = '${id}'`);
    expect((await itemIn(mate, id))?.title).toBe('Kept as sent');
    // Another window is another list.
    expect((await itemIn(mate, id, '?from=2027-05-02&to=2027-06-01'))?.title).toBe('Changed unseen');
  });

  it('shows every edit, cancel and answer on the next read, each caller with their own answer', async () => {
    const id = await create({ title: 'Edited' });
    const series = await create({ title: 'Weekly', start: '2027-05-04T18:00', end: '2027-05-04T19:00', repeat: { weekly: true, until: '2027-05-25' } });
    await list(mate);
    await list(owner);

    await ok('PUT', `/api/team/schedule/${id}`, owner, { title: 'Edited again', start: '2027-05-03T19:00', end: '2027-05-03T20:00' });
    expect(await itemIn(mate, id)).toMatchObject({ title: 'Edited again', start: '2027-05-03T19:00:00-04:00' });

    await ok('PUT', `/api/team/schedule/${series}`, owner, { location: 'Gym', scope: 'following' });
    expect((await list(mate)).filter((i) => i.series !== null && i.title === 'Weekly').map((i) => i.location)).toEqual(['Gym', 'Gym', 'Gym', 'Gym']);

    await ok('PUT', `/api/team/schedule/${id}/rsvp`, mate, { answer: 'going' });
    expect(await itemIn(mate, id)).toMatchObject({ myRsvp: 'going', rsvp: { going: 1, none: 2 } });
    expect(await itemIn(owner, id)).toMatchObject({ myRsvp: null, rsvp: { going: 1, none: 2 } });

    // An answer from the e-mail link, without signing in.
    const token = (await scheduleLinks(t.runtime.db)).rsvpToken(await userId(t, 'liveother'), id);
    await ok('POST', `/api/rsvp/${token}`, null, { answer: 'no' });
    expect(await itemIn(other, id)).toMatchObject({ myRsvp: 'no', rsvp: { going: 1, no: 1, none: 1 } });
    expect(await itemIn(mate, id)).toMatchObject({ myRsvp: 'going', rsvp: { going: 1, no: 1, none: 1 } });

    await ok('DELETE', `/api/team/schedule/${id}`, owner);
    expect((await itemIn(mate, id))?.status).toBe('cancelled');
  });

  it('counts a member who joins or leaves on the next read', async () => {
    const id = await create({ title: 'Headcount' });
    await ok('PUT', `/api/team/schedule/${id}/rsvp`, mate, { answer: 'maybe' });
    expect((await itemIn(owner, id))?.rsvp).toEqual({ going: 0, maybe: 1, no: 0, none: 2 });
    await athlete(t, 'livenew');
    await joinTeam(t, 'livecoach', 'livenew');
    expect((await itemIn(owner, id))?.rsvp).toEqual({ going: 0, maybe: 1, no: 0, none: 3 });
    await ok('DELETE', '/api/channel/livecoach/main/members/livemate', owner);
    expect((await itemIn(owner, id))?.rsvp).toEqual({ going: 0, maybe: 0, no: 0, none: 3 });
    expect((await call(t, 'GET', `/api/team/schedule${WINDOW}`, mate.headers)).statusCode).toBe(403);
    await joinTeam(t, 'livecoach', 'livemate');
  });

  it('shows a game set up for streaming with its live key on the next read', async () => {
    const id = await create({ kind: 'game', title: 'Streamed game' });
    expect((await itemIn(mate, id))?.liveKey).toBeNull();
    const res = await call(t, 'POST', `/api/team/schedule/${id}/stream`, owner.headers, { type: 'BBK' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await itemIn(mate, id))?.liveKey).toBe(res.json().key);
  });
});

describe('a game set up on /live', () => {
  it("goes on its team's schedule with its live key, once: a repeated set-up (409) adds nothing", async () => {
    const game = { title: 'Set up on live', date: '2027-05-20T17:00:00.000Z', type: 'BBK', thumbnail: '', public: false };
    const res = await call(t, 'POST', '/api/events', owner.headers, game);
    expect(res.statusCode, res.body).toBe(201);
    const games = async () => (await list(mate)).filter((i) => i.title === game.title);
    expect(await games()).toMatchObject([{ kind: 'game', liveKey: res.json().key }]);
    expect((await call(t, 'POST', '/api/events', owner.headers, game)).statusCode).toBe(409);
    expect(await games()).toHaveLength(1);
  });
});

describe('windows', () => {
  it('a window may reach from 1900 to 2200, past every item, and no further', async () => {
    const id = await create({ title: 'Far window' });
    expect(await list(owner, '?from=2200-10-01&to=2200-12-31T23:59:59.999Z')).toEqual([]);
    expect((await list(owner, '?to=2200-01-01T00:00:00Z')).map((i) => i._id)).toContain(id);
    for (const [query, message] of [
      ['?from=%2B275760-09-01T00:00:00Z', 'querystring.from: from must be between 1900 and 2200'],
      ['?from=2200-12-01&to=2201-01-01', 'querystring.to: to must be between 1900 and 2200'],
      ['?to=-271821-04-25T00:00:00Z', 'querystring.to: to must be between 1900 and 2200'],
    ]) {
      const res = await call(t, 'GET', `/api/team/schedule${query}`, owner.headers);
      expect([res.statusCode, res.json().message], query).toEqual([400, message]);
    }
  });
});

describe('schedule updates', () => {
  /** The stream of `who`, once it is live (its first frame, the position, has come). */
  async function live(who: Person): Promise<UpdatesStream> {
    const stream = await openUpdates(base, who.headers);
    expect(stream.status).toBe(200);
    expect((await stream.next())?.event).toBeNull();
    return stream;
  }
  /** The next `schedule` event (a new item also brings its activity item first). */
  async function nextSchedule(stream: UpdatesStream) {
    for (;;) {
      const frame = await stream.nextEvent();
      if (frame === null || frame.event === 'schedule') return frame;
    }
  }

  it('each write tells the team members, and no one else', async () => {
    const [mate$, rival$, eagle$] = await Promise.all([live(mate), live(rival), live(eagle)]);
    try {
      const id = await create({ title: 'Heard live' });
      const created = await nextSchedule(mate$);
      expect(created?.data).toEqual({ _id: id, change: 'new' });
      // The list read now includes what the stream has already said.
      const res = await call(t, 'GET', `/api/team/schedule${WINDOW}`, mate.headers);
      expect(Number(res.headers[UPDATES_POSITION_HEADER])).toBeGreaterThanOrEqual(Number(created!.id));
      const detail = await call(t, 'GET', `/api/team/schedule/${id}`, mate.headers);
      expect(Number(detail.headers[UPDATES_POSITION_HEADER])).toBeGreaterThanOrEqual(Number(created!.id));

      await ok('PUT', `/api/team/schedule/${id}/rsvp`, mate, { answer: 'going' });
      expect((await mate$.nextEvent())?.data).toEqual({ _id: id, change: 'answer' });
      const token = (await scheduleLinks(t.runtime.db)).rsvpToken(await userId(t, 'liveother'), id);
      await ok('POST', `/api/rsvp/${token}`, null, { answer: 'maybe' });
      expect((await mate$.nextEvent())?.data).toEqual({ _id: id, change: 'answer' });
      await ok('PUT', `/api/team/schedule/${id}`, owner, { notes: 'Bring water' });
      expect((await mate$.nextEvent())?.data).toEqual({ _id: id, change: 'changed' });
      await ok('DELETE', `/api/team/schedule/${id}`, owner);
      expect((await mate$.nextEvent())?.data).toEqual({ _id: id, change: 'cancelled' });

      // Another team and another tenant heard none of it: their next event is one written to them now.
      for (const [who, stream] of [[rival, rival$], [eagle, eagle$]] as const) {
        const [row] = await t.sql<{ id: number; tenant_id: string }>('SELECT id, tenant_id FROM users WHERE username = $1', [who.username]);
        const last = await write(t.runtime.db, { tenantId: row!.tenant_id, userId: row!.id }, 'unread', { unread: 0 });
        expect(await stream.next()).toEqual({ id: String(last), event: 'unread', data: { unread: 0 } });
      }
    } finally {
      for (const s of [mate$, rival$, eagle$]) s.close();
    }
  });
});

import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scheduleReminderJob } from '../../src/modules/schedule/schedule-reminder.job';
import { weeklyOccurrences } from '../../src/modules/schedule/weekly-series';
import { jobContext } from '../transcode/helpers';
import { createEvent, setStatus } from '../live/events-helpers';
import { parseScheduleTime, wallTimeAt } from '@app/contracts/zoned-time';
import { call, coach, teamsApp, type Person, type TeamsApp } from '../teams/helpers';
import { athlete, joinTeam } from '../videos/helpers';

let t: TeamsApp;
let owner: Person;
let member: Person;
let outsider: Person;

beforeAll(async () => {
  t = await teamsApp();
  owner = await coach(t, 'schedcoach', 'Team Owls');
  member = await athlete(t, 'schedmember');
  await joinTeam(t, 'schedcoach', 'schedmember');
  outsider = await athlete(t, 'schedoutsider');
  await coach(t, 'othercoach', 'Team Other');
});
afterAll(async () => t?.close());

const practice = { kind: 'practice', title: 'Practice', start: '2027-02-01T18:00', end: '2027-02-01T19:30', timeZone: 'America/New_York', location: 'Field 1' };

async function create(body: unknown = practice): Promise<string> {
  const res = await call(t, 'POST', '/api/team/schedule', owner.headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

describe('weekly series across DST', () => {
  it.each([
    ['America/New_York', '2027-02-22T18:00', '2027-03-22'],
    ['Europe/Berlin', '2027-03-15T18:00', '2027-04-12'],
    ['Australia/Sydney', '2027-03-22T18:00', '2027-04-19'],
  ])('keeps 18:00 local in %s while UTC moves', (zone, start, until) => {
    const s = parseScheduleTime(start, zone);
    const dates = weeklyOccurrences(s, s + 90 * 60_000, zone, until);
    expect(dates.length).toBe(5);
    for (const d of dates) expect([wallTimeAt(d.start, zone).hour, wallTimeAt(d.start, zone).minute]).toEqual([18, 0]);
    const utcHours = new Set(dates.map((d) => new Date(d.start).getUTCHours()));
    expect(utcHours.size).toBe(2);
  });
});

describe('local times', () => {
  it('refuses days a month does not have and keeps years below 100 as written', () => {
    expect(parseScheduleTime('2027-02-29T18:00', 'Europe/Berlin')).toBeNaN();
    expect(parseScheduleTime('2027-04-31T18:00', 'Europe/Berlin')).toBeNaN();
    expect(wallTimeAt(parseScheduleTime('2028-02-29T18:00', 'Europe/Berlin'), 'Europe/Berlin')).toMatchObject({ year: 2028, month: 2, day: 29, hour: 18 });
    expect(wallTimeAt(parseScheduleTime('0050-01-01T18:00', 'UTC'), 'UTC')).toMatchObject({ year: 50, month: 1, day: 1, hour: 18 });
  });

  it('names the field of a day that does not exist, and of a value that is no time at all', async () => {
    const res = await call(t, 'POST', '/api/team/schedule', owner.headers, { ...practice, start: '2027-02-30T18:00', end: '2027-02-30T19:00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body.start: Invalid date; body.end: Invalid date');
    const notATime = await call(t, 'POST', '/api/team/schedule', owner.headers, { ...practice, start: 'next Monday' });
    expect(notATime.json().message).toBe('body.start: Start must be a date and time (ISO 8601)');
  });
});

describe('authorization', () => {
  it('owner creates, member reads and answers but cannot change, outsiders see nothing', async () => {
    const id = await create();
    expect((await call(t, 'GET', '/api/team/schedule?from=2027-01-01&to=2027-03-01', member.headers)).json().items.map((i: { _id: string }) => i._id)).toContain(id);
    expect((await call(t, 'POST', '/api/team/schedule', member.headers, practice)).statusCode).toBe(403);
    expect((await call(t, 'PUT', `/api/team/schedule/${id}`, member.headers, { title: 'x' })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/team/schedule/${id}`, member.headers)).statusCode).toBe(403);
    const outside = await call(t, 'GET', '/api/team/schedule', outsider.headers);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe('You are not a member of a team');
    expect((await call(t, 'GET', '/api/team/schedule')).statusCode).toBe(401);
    const other = await call(t, 'GET', `/api/team/schedule/${id}`, (await coach(t, 'thirdcoach', 'Team Third')).headers);
    expect(other.statusCode).toBe(404);
    const counts = await call(t, 'PUT', `/api/team/schedule/${id}/rsvp`, member.headers, { answer: 'going', note: 'late' });
    expect(counts.json()).toMatchObject({ going: 1, maybe: 0, no: 0 });
    const detail = (await call(t, 'GET', `/api/team/schedule/${id}`, owner.headers)).json();
    expect(detail.responses.find((r: { username: string }) => r.username === 'schedmember')).toMatchObject({ answer: 'going', note: 'late' });
    expect(detail.responses.find((r: { username: string }) => r.username === 'schedcoach')).toMatchObject({ answer: null });
    expect((await call(t, 'GET', `/api/team/schedule/${id}`, member.headers)).json().responses).toBeUndefined();
  });

  it('names the field at fault', async () => {
    const res = await call(t, 'POST', '/api/team/schedule', owner.headers, { ...practice, end: '2027-02-01T17:00', timeZone: 'Mars/Base', title: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Title is required|Time zone/);
  });
});

describe('answers', () => {
  it('a cancelled item takes no answer, in the app as from the e-mail link', async () => {
    const id = await create({ ...practice, title: 'Called off' });
    expect((await call(t, 'DELETE', `/api/team/schedule/${id}`, owner.headers)).statusCode).toBe(204);
    const res = await call(t, 'PUT', `/api/team/schedule/${id}/rsvp`, member.headers, { answer: 'going' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This has been cancelled.');
    expect((await call(t, 'GET', `/api/team/schedule/${id}`, member.headers)).json()).toMatchObject({ myRsvp: null, rsvp: { going: 0 } });
  });
});

describe('RSVP by e-mail link', () => {
  it('GET changes nothing, POST records, a foreign token does nothing', async () => {
    const id = await create({ ...practice, title: 'Link practice' });
    const link = await vi.waitFor(
      async () => {
        const mail = (await t.sent(member.email)).find((m) => m.subject.includes('Link practice'));
        expect(mail).toBeDefined();
        return /\/rsvp\/([^?\s"]+)\?answer=going/.exec(mail!.text)![1]!;
      },
      { timeout: 30_000, interval: 200 },
    );
    const view = await call(t, 'GET', `/api/rsvp/${link}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().myRsvp).toBeNull();
    expect((await call(t, 'GET', `/api/team/schedule/${id}`, member.headers)).json().myRsvp).toBeNull();
    const [uid, , sig] = link.split('.');
    const other = await create({ ...practice, title: 'Other' });
    expect((await call(t, 'POST', `/api/rsvp/${uid}.${other}.${sig}`, {}, { answer: 'no' })).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/rsvp/${link}`, {}, { answer: 'maybe' })).json().myRsvp).toBe('maybe');
    expect((await call(t, 'GET', `/api/team/schedule/${id}`, member.headers)).json().myRsvp).toBe('maybe');
    expect((await call(t, 'GET', `/api/team/schedule/${other}`, member.headers)).json().myRsvp).toBeNull();
  });
});

describe('reminders', () => {
  const reminders = async (who: Person, title: string) => (await t.sent(who.email)).filter((m) => m.subject.startsWith(`Coming up: ${title},`));
  const remind = async (id: string) => {
    const item = (await call(t, 'GET', `/api/team/schedule/${id}`, owner.headers)).json() as { start: string };
    await scheduleReminderJob.handle({ itemId: id, startsAtMs: Date.parse(item.start) }, jobContext(t));
  };

  const summaries = async (who: Person, title: string) => (await t.sent(who.email)).filter((m) => m.subject.startsWith(`Who is coming: ${title},`));

  it('reach a member once per item however often the job runs; the owner (its author) gets who is coming instead; none once switched off', async () => {
    const id = await create({ ...practice, title: 'Remind practice' });
    await remind(id);
    // A retried or repeated job finds every reminder of the item already sent.
    await remind(id);
    expect(await reminders(member, 'Remind practice')).toHaveLength(1);
    expect(await reminders(owner, 'Remind practice')).toEqual([]);
    const [summary, ...more] = await summaries(owner, 'Remind practice');
    expect(more).toEqual([]);
    expect(summary?.text).toContain('Coming (0)');
    expect(summary?.text).not.toContain('/rsvp/');

    // Who said they cannot come is not reminded.
    const declined = await create({ ...practice, title: 'Declined practice' });
    await call(t, 'PUT', `/api/team/schedule/${declined}/rsvp`, member.headers, { answer: 'no' });
    await remind(declined);
    expect(await reminders(member, 'Declined practice')).toHaveLength(0);

    // A reminder queued for the old time of a moved item sends nothing.
    const moved = await create({ ...practice, title: 'Moved practice' });
    const before = (await call(t, 'GET', `/api/team/schedule/${moved}`, owner.headers)).json() as { start: string };
    expect((await call(t, 'PUT', `/api/team/schedule/${moved}`, owner.headers, { start: '2027-02-01T19:00', end: '2027-02-01T20:30' })).statusCode).toBe(200);
    await scheduleReminderJob.handle({ itemId: moved, startsAtMs: Date.parse(before.start) }, jobContext(t));
    expect(await reminders(member, 'Moved practice')).toHaveLength(0);

    const off = await call(t, 'PUT', '/api/user/schedule-settings', member.headers, { reminderEmail: false });
    expect(off.statusCode, off.body).toBe(200);
    const quiet = await create({ ...practice, title: 'Quiet practice' });
    await remind(quiet);
    expect(await reminders(member, 'Quiet practice')).toHaveLength(0);
    expect(await summaries(owner, 'Quiet practice')).toHaveLength(1);
    await call(t, 'PUT', '/api/user/schedule-settings', member.headers, { reminderEmail: true });
  });
});

describe('who is e-mailed and when', () => {
  const reminderJobs = async (id: string) => t.sql(`SELECT id FROM pgboss.job WHERE name = 'schedule-reminder' AND data->>'itemId' = $1`, [id]);
  const mailOf = (who: Person, title: string) =>
    vi.waitFor(
      async () => {
        const mail = (await t.sent(who.email)).find((m) => m.subject.startsWith(`New on the schedule: ${title},`));
        expect(mail).toBeDefined();
        return mail!;
      },
      { timeout: 30_000, interval: 200 },
    );
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  it('an item starting sooner than the reminder window gets its new-item e-mail and no reminder; a later one gets a reminder', async () => {
    const soon = await create({ ...practice, title: 'Soon practice', start: inMinutes(1), end: inMinutes(60), timeZone: 'UTC' });
    await mailOf(member, 'Soon practice');
    expect(await reminderJobs(soon)).toEqual([]);
    const later = await create({ ...practice, title: 'Later practice', start: inMinutes(3 * 24 * 60), end: inMinutes(3 * 24 * 60 + 60), timeZone: 'UTC' });
    expect(await reminderJobs(later)).toHaveLength(1);
    // Moved to within the window: the changed e-mail tells, no reminder follows it.
    expect((await call(t, 'PUT', `/api/team/schedule/${later}`, owner.headers, { start: inMinutes(30), end: inMinutes(90), timeZone: 'UTC' })).statusCode).toBe(200);
    expect(await reminderJobs(later)).toHaveLength(1);
  });

  it('never e-mails the author of an item about it', async () => {
    await create({ ...practice, title: 'Authored practice' });
    // Members are e-mailed in username order: the owner's mail, had there been one, went before the member's.
    await mailOf(member, 'Authored practice');
    expect((await t.sent(owner.email)).filter((m) => m.subject.includes('Authored practice'))).toEqual([]);
  });

  it("a weekly series' answer links answer every date of it, with the note, and the page says how many", async () => {
    const start = inMinutes(2 * 24 * 60);
    const until = inMinutes(2 * 24 * 60 + 7 * 3 * 24 * 60).slice(0, 10);
    const head = await create({ ...practice, title: 'Series practice', start, end: inMinutes(2 * 24 * 60 + 90), timeZone: 'UTC', repeat: { weekly: true, until } });
    const mail = await mailOf(member, 'Series practice');
    expect(mail.text).toContain('(4 dates)');
    expect(mail.text).toContain('One tap answers all of these dates');
    const token = /\/rsvp\/([^?\s"]+)\?answer=going/.exec(mail.text)![1]!;
    const view = await call(t, 'GET', `/api/rsvp/${token}`);
    expect(view.json()).toMatchObject({ seriesDates: 4, myRsvp: null, myNote: null });

    const series = (await call(t, 'GET', `/api/team/schedule/${head}`, member.headers)).json().series as string;
    const dates = async () => {
      const res = await call(t, 'GET', `/api/team/schedule?from=${start}&to=${inMinutes(60 * 24 * 60)}`, member.headers);
      return (res.json().items as { _id: string; series: string | null }[]).filter((i) => i.series === series);
    };
    const ids = (await dates()).map((i) => i._id);
    expect(ids).toHaveLength(4);
    // A cancelled date is left out.
    expect((await call(t, 'DELETE', `/api/team/schedule/${ids[2]}`, owner.headers)).statusCode).toBe(204);
    const answered = await call(t, 'POST', `/api/rsvp/${token}`, {}, { answer: 'going', note: 'Bringing the cones' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ myRsvp: 'going', myNote: 'Bringing the cones', seriesDates: 3 });
    for (const id of ids) {
      const item = (await call(t, 'GET', `/api/team/schedule/${id}`, owner.headers)).json() as { responses: { username: string; answer: string | null; note: string | null }[] };
      const mine = item.responses.find((r) => r.username === 'schedmember');
      expect(mine, id).toEqual(expect.objectContaining(id === ids[2] ? { answer: null, note: null } : { answer: 'going', note: 'Bringing the cones' }));
    }
  });

  it('an answer link takes a note, bounded as the schedule bounds it, and keeps it when only the answer changes', async () => {
    await create({ ...practice, title: 'Note practice' });
    const token = /\/rsvp\/([^?\s"]+)\?answer=going/.exec((await mailOf(member, 'Note practice')).text)![1]!;
    const long = await call(t, 'POST', `/api/rsvp/${token}`, {}, { answer: 'maybe', note: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('A note has at most 300 characters');
    expect((await call(t, 'POST', `/api/rsvp/${token}`, {}, { answer: 'maybe', note: 'Ten minutes late' })).json()).toMatchObject({ myRsvp: 'maybe', myNote: 'Ten minutes late' });
    expect((await call(t, 'POST', `/api/rsvp/${token}`, {}, { answer: 'going' })).json()).toMatchObject({ myRsvp: 'going', myNote: 'Ten minutes late' });
    expect((await call(t, 'GET', `/api/rsvp/${token}`)).json()).not.toHaveProperty('seriesDates');
  });
});

describe("a game's live stream on the schedule", () => {
  it("says the stream's state, so an ended game shows as ended", async () => {
    const { key } = await createEvent(t, owner, { title: 'Owls vs Eagles', date: '2030-05-01T18:00:00.000Z' });
    const find = async () => {
      const res = await call(t, 'GET', '/api/team/schedule?from=2030-05-01&to=2030-05-02', member.headers);
      return (res.json().items as { liveKey: string | null; liveStatus?: string }[]).find((i) => i.liveKey === key);
    };
    expect(await find()).toMatchObject({ liveStatus: 'upcoming' });
    await setStatus(t, key, 'ended');
    const item = (await call(t, 'GET', '/api/team/schedule?from=2030-05-01&to=2030-05-02', owner.headers)).json().items.find((i: { liveKey: string }) => i.liveKey === key);
    expect(item).toMatchObject({ liveStatus: 'ended' });
    expect((await call(t, 'GET', `/api/team/schedule/${item._id}`, member.headers)).json()).toMatchObject({ liveStatus: 'ended' });
  });
});

describe('calendar feed', () => {
  it('parses with ical.js after create, edit, cancel and rotation', async () => {
    const id = await create({ ...practice, title: 'Feed practice' });
    const { url } = (await call(t, 'GET', '/api/user/calendar', member.headers)).json();
    const path = new URL(url).pathname;
    const feed = async (p = path) => {
      const res = await call(t, 'GET', p);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/calendar/);
      const comp = new ICAL.Component(ICAL.parse(res.body));
      expect(comp.getFirstPropertyValue('refresh-interval')?.toString()).toBe('PT1H');
      const ev = comp.getAllSubcomponents('vevent').find((e) => String(e.getFirstPropertyValue('uid')).startsWith(id))!;
      return { ev, uid: ev.getFirstPropertyValue('uid'), seq: Number(ev.getFirstPropertyValue('sequence') ?? 0), status: ev.getFirstPropertyValue('status'), summary: ev.getFirstPropertyValue('summary') };
    };
    const first = await feed();
    expect(first.status).toBe('CONFIRMED');
    await call(t, 'PUT', `/api/team/schedule/${id}/rsvp`, member.headers, { answer: 'going' });
    expect((await call(t, 'PUT', `/api/team/schedule/${id}`, owner.headers, { start: '2027-02-01T19:00', end: '2027-02-01T20:30' })).statusCode).toBe(200);
    const edited = await feed();
    expect(edited.uid).toBe(first.uid);
    expect(edited.seq).toBeGreaterThan(first.seq);
    expect(edited.summary).toBe('[Going] Feed practice');
    expect(edited.ev.getFirstProperty('attendee')?.getParameter('partstat')).toBe('ACCEPTED');
    expect((edited.ev.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe('2027-02-02T00:00:00.000Z');
    expect((await call(t, 'DELETE', `/api/team/schedule/${id}`, owner.headers)).statusCode).toBe(204);
    const cancelled = await feed();
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.seq).toBeGreaterThan(edited.seq);
    const rotated = (await call(t, 'POST', '/api/user/calendar/rotate', member.headers)).json();
    expect((await call(t, 'GET', path)).statusCode).toBe(404);
    expect((await feed(new URL(rotated.url).pathname)).uid).toBe(first.uid);
  });
});

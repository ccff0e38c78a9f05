import { createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { getOrCreateSecret } from '../src/db/app-secrets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeLinks } from '../src/modules/notifications/unsubscribe-token';
import { scheduleLinks } from '../src/modules/schedule/rsvp-token';
import { scheduleMail } from '../src/modules/schedule/schedule.module';
import { call, coach, OTHER_HOST, PUBLIC_URL, teamsApp, type Person, type TeamsApp } from './teams/helpers';
import { jobContext } from './transcode/helpers';
import { athlete, joinTeam, userId } from './videos/helpers';

/*
 * Capability links (answer and unsubscribe links in e-mail, calendar feeds) act without signing in. Each
 * tenant is its own host, so a link of one tenant opened on another's host must be what an unknown token
 * is there, and change nothing; on its own host it keeps working.
 */
let t: TeamsApp;
let owner: Person;
let member: Person;
let eagle: Person;
let memberId: number;
let eagleId: number;

const demoHost = { host: 'localhost' };
const publicHost = { host: new URL(PUBLIC_URL).host };
const eaglesHost = { host: OTHER_HOST };
/** The same token with its last character changed: a link we never signed or issued. */
const forged = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

const answerOf = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.body });
/** `path` with the link opened on `host` answers exactly what `unknownPath` (a forged token) answers there. */
const practice = (title: string) => ({ kind: 'practice', title, start: '2027-02-01T18:00', end: '2027-02-01T19:30', timeZone: 'UTC' });

async function sameAsUnknown(method: 'GET' | 'POST', path: string, unknownPath: string, host: Record<string, string>, payload?: unknown) {
  const res = await call(t, method, path, host, payload);
  const unknown = await call(t, method, unknownPath, host, payload);
  expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
  expect(answerOf(res)).toEqual(answerOf(unknown));
}

beforeAll(async () => {
  t = await teamsApp({ WORKERS: '0' });
  owner = await coach(t, 'capcoach', 'Team Caps');
  member = await athlete(t, 'capmember');
  await joinTeam(t, 'capcoach', 'capmember');
  eagle = await athlete(t, 'capeagle', { other: true });
  memberId = await userId(t, 'capmember');
  eagleId = (await t.sql<{ id: number }>(`SELECT id FROM users WHERE username = 'capeagle' AND tenant_id = 'eagles'`))[0]!.id;
});
afterAll(async () => t?.close());

describe('a capability link opens only on its own tenant’s host', () => {
  it('an RSVP answer link: shown and answered on its host; elsewhere an unknown link that records nothing', async () => {
    const created = await call(t, 'POST', '/api/team/schedule', owner.headers, practice('Link practice'));
    expect(created.statusCode, created.body).toBe(201);
    const itemId = created.json()._id as string;
    const token = (await scheduleLinks(t.runtime.db)).rsvpToken(memberId, itemId);
    const myAnswer = async () => (await call(t, 'GET', `/api/team/schedule/${itemId}`, member.headers)).json().myRsvp;

    await sameAsUnknown('GET', `/api/rsvp/${token}`, `/api/rsvp/${forged(token)}`, eaglesHost);
    await sameAsUnknown('POST', `/api/rsvp/${token}`, `/api/rsvp/${forged(token)}`, eaglesHost, { answer: 'going' });
    expect(await myAnswer()).toBeNull();

    const view = await call(t, 'GET', `/api/rsvp/${token}`, demoHost);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ team: 'Team Caps', myRsvp: null });
    expect((await call(t, 'POST', `/api/rsvp/${token}`, demoHost, { answer: 'going' })).json().myRsvp).toBe('going');
    expect(await myAnswer()).toBe('going');
  });

  it('the schedule e-mail’s unsubscribe link', async () => {
    const token = (await scheduleLinks(t.runtime.db)).mailOffToken(memberId);
    const reminders = async () => (await call(t, 'GET', '/api/user/schedule-settings', member.headers)).json().reminderEmail;
    await sameAsUnknown('POST', `/api/schedule/unsubscribe/${token}`, `/api/schedule/unsubscribe/${forged(token)}`, eaglesHost);
    expect(await reminders()).toBe(true);

    const off = await call(t, 'POST', `/api/schedule/unsubscribe/${token}`, demoHost);
    expect(off.statusCode, off.body).toBe(200);
    expect(await reminders()).toBe(false);
  });

  it('the notification e-mail’s unsubscribe link, of either tenant', async () => {
    const links = await unsubscribeLinks(t.runtime.db);
    const emailOn = async (who: Person) => (await call(t, 'GET', '/api/user/notification-settings', who.headers)).json().email;
    for (const [who, id, own, other] of [
      [member, memberId, demoHost, eaglesHost],
      [eagle, eagleId, eaglesHost, demoHost],
    ] as const) {
      const token = links.token(id);
      await sameAsUnknown('POST', `/api/unsubscribe/${token}`, `/api/unsubscribe/${forged(token)}`, other);
      expect(await emailOn(who)).toBe(true);

      const res = await call(t, 'POST', `/api/unsubscribe/${token}`, own);
      expect(res.statusCode, res.body).toBe(200);
      expect(await emailOn(who)).toBe(false);
    }
  });

  it('a calendar feed, of either tenant, given out at its tenant’s host', async () => {
    for (const [who, ownHost, other] of [
      [member, publicHost.host, eaglesHost],
      [eagle, OTHER_HOST, publicHost],
    ] as const) {
      const { url } = (await call(t, 'GET', '/api/user/calendar', who.headers)).json() as { url: string };
      const { host, pathname: path } = new URL(url);
      expect(host).toBe(ownHost);
      const token = /^\/cal\/(.+)\.ics$/.exec(path)![1]!;
      await sameAsUnknown('GET', path, `/cal/${forged(token)}.ics`, other);

      const feed = await call(t, 'GET', path, { host });
      expect(feed.statusCode, feed.body).toBe(200);
      expect(feed.body).toContain('BEGIN:VCALENDAR');
    }
  });

  it('mails another tenant’s links at that tenant’s host, where they open', async () => {
    const eagleCoach = await coach(t, 'capeaglecoach', 'Team Eagles', { other: true });
    await joinTeam(t, 'capeaglecoach', 'capeagle');
    const created = await call(t, 'POST', '/api/team/schedule', eagleCoach.headers, practice('Eagles practice'));
    expect(created.statusCode, created.body).toBe(201);
    await scheduleMail(jobContext(t)).announce(created.json()._id as string, 'new');
    // The item's author is never mailed about it: its member is.
    const [mail] = await t.sent(eagle.email);
    const link = new URL(/(https:\/\/\S+\/rsvp\/[^?\s"]+)\?answer=going/.exec(mail!.text)![1]!);
    expect(link.host).toBe(OTHER_HOST);
    const token = link.pathname.split('/').pop()!;
    await sameAsUnknown('GET', `/api/rsvp/${token}`, `/api/rsvp/${forged(token)}`, publicHost);
    const view = await call(t, 'GET', `/api/rsvp/${token}`, { host: link.host });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().team).toBe('Team Eagles');
    expect(mail!.text).toContain(`https://${OTHER_HOST}/unsubscribe/schedule/`);
  });

  it('mails another tenant’s invitation and sign-in links and shows its recruiting card link at that tenant’s host, where they open', async () => {
    const inviter = await coach(t, 'capeagleinviter', 'Eagles Invites', { other: true });
    const invited = await call(t, 'POST', '/api/user/invites', inviter.headers, { email: 'capnewcomer@example.com', owner: 'capeagleinviter', channel: 'main' });
    expect(invited.statusCode, invited.body).toBe(200);
    const [mail] = await t.sent('capnewcomer@example.com');
    const link = new URL(/(https?:\/\/\S+\/join\/[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!);
    expect(link.host).toBe(OTHER_HOST);
    const token = link.pathname.split('/').pop()!;
    expect((await call(t, 'GET', `/api/invites/${token}`, { host: link.host })).statusCode).toBe(200);
    await sameAsUnknown('GET', `/api/invites/${token}`, `/api/invites/${forged(token)}`, publicHost);

    const card = await call(t, 'PUT', '/api/user/recruiting', eagle.headers, { published: true });
    expect(card.statusCode, card.body).toBe(200);
    const cardUrl = new URL(card.json().url as string);
    expect(cardUrl.host).toBe(OTHER_HOST);
    expect((await call(t, 'GET', `/api${cardUrl.pathname}`, { host: cardUrl.host })).statusCode).toBe(200);

    const asked = await t.app.inject({ method: 'POST', url: '/v0/tenants/eagles/auth/link', payload: { email: 'capmagic@example.com' }, headers: eaglesHost });
    expect(asked.statusCode, asked.body).toBe(200);
    await t.runtime.outbound.settled();
    const [magic] = await t.sent('capmagic@example.com');
    expect(new URL(/(https?:\/\/\S+\/login\?token=[^\s"]+)/.exec(magic!.text)![1]!).host).toBe(OTHER_HOST);
  });
});

describe('links already in mailboxes', () => {
  it('open with the new code: made with the old code’s exact algorithm and keys', async () => {
    // The old code: HMAC-SHA256 keyed by the stored secret of the link kind, over `<purpose>:<ids>`, base64url.
    const oldToken = (key: string, purpose: string, ids: (string | number)[]) => `${ids.join('.')}.${createHmac('sha256', key).update([purpose, ...ids].join(':')).digest('base64url')}`;
    const unsubscribeKey = await getOrCreateSecret(t.runtime.db, 'unsubscribe-link-signing');
    const scheduleKey = await getOrCreateSecret(t.runtime.db, 'schedule-link-signing');
    const created = await call(t, 'POST', '/api/team/schedule', owner.headers, { ...practice('Old mail practice'), repeat: { weekly: true, until: '2027-02-15' } });
    expect(created.statusCode, created.body).toBe(201);
    const itemId = created.json()._id as string;
    const reader = await athlete(t, 'capoldmail');
    await joinTeam(t, 'capcoach', 'capoldmail');
    const readerId = await userId(t, 'capoldmail');

    const view = await call(t, 'GET', `/api/rsvp/${oldToken(scheduleKey, 'schedule-rsvp', [readerId, itemId])}`, demoHost);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ team: 'Team Caps' });
    const series = await call(t, 'POST', `/api/rsvp/${oldToken(scheduleKey, 'schedule-rsvp-series', [readerId, itemId])}`, demoHost, { answer: 'maybe' });
    expect(series.statusCode, series.body).toBe(200);
    expect(series.json().myRsvp).toBe('maybe');

    expect((await call(t, 'GET', '/api/user/schedule-settings', reader.headers)).json().reminderEmail).toBe(true);
    expect((await call(t, 'GET', '/api/user/notification-settings', reader.headers)).json().email).toBe(true);
    const scheduleOff = await call(t, 'POST', `/api/schedule/unsubscribe/${oldToken(scheduleKey, 'schedule-email-off', [readerId])}`, demoHost);
    expect(scheduleOff.statusCode, scheduleOff.body).toBe(200);
    expect((await call(t, 'GET', '/api/user/schedule-settings', reader.headers)).json().reminderEmail).toBe(false);

    const off = await call(t, 'POST', `/api/unsubscribe/${oldToken(unsubscribeKey, 'notification-email-off', [readerId])}`, demoHost);
    expect(off.statusCode, off.body).toBe(200);
    expect((await call(t, 'GET', '/api/user/notification-settings', reader.headers)).json().email).toBe(false);

    // An old link of one kind still opens no other kind.
    const asAnswer = await call(t, 'GET', `/api/rsvp/${oldToken(scheduleKey, 'schedule-email-off', [readerId, itemId])}`, demoHost);
    expect(asAnswer.statusCode).toBe(404);
  });
});

describe('a forged capability link', () => {
  it('is answered the same way by every link kind: 404 NOT_FOUND with the kind’s own message', async () => {
    const created = await call(t, 'POST', '/api/team/schedule', owner.headers, practice('Forged practice'));
    const itemId = created.json()._id as string;
    const schedule = await scheduleLinks(t.runtime.db);
    const unsubscribe = (await unsubscribeLinks(t.runtime.db)).token(memberId);
    const feed = /\/cal\/(.+)\.ics$/.exec((await call(t, 'GET', '/api/user/calendar', member.headers)).json().url)![1]!;
    expect((await call(t, 'POST', '/api/user/invites', owner.headers, { email: 'capforged@example.com', owner: 'capcoach', channel: 'main' })).statusCode).toBe(200);
    const [invite] = await t.sent('capforged@example.com');
    const join = /\/join\/([A-Za-z0-9_-]+)/.exec(invite!.text)![1]!;
    const answers = await Promise.all([
      call(t, 'POST', `/api/unsubscribe/${forged(unsubscribe)}`, demoHost),
      call(t, 'POST', `/api/schedule/unsubscribe/${forged(schedule.mailOffToken(memberId))}`, demoHost),
      call(t, 'GET', `/api/rsvp/${forged(schedule.rsvpToken(memberId, itemId))}`, demoHost),
      call(t, 'POST', `/api/rsvp/${forged(schedule.rsvpToken(memberId, itemId, true))}`, demoHost, { answer: 'going' }),
      call(t, 'GET', `/cal/${forged(feed)}.ics`, publicHost),
      call(t, 'GET', `/api/invites/${forged(join)}`, demoHost),
      // A token of one kind where another is expected is as unknown as a forged one.
      call(t, 'POST', `/api/schedule/unsubscribe/${unsubscribe}`, demoHost),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });
});

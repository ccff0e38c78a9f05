import { randomUUID } from 'node:crypto';
import { BAD_ACTION, BAD_UNSUBSCRIBE_LINK, UNKNOWN_RECIPIENT } from '@app/contracts/talk';
import { EMPTY_MESSAGE } from '@app/contracts/clips';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeLinks } from '../../src/modules/notifications/unsubscribe-token';
import { call, coach, person, teamsApp, type Person, type TeamsApp } from '../teams/helpers';
import { athlete, expectError, joinTeam, userId } from '../videos/helpers';
import { lastUnreadUpdate, message, notificationsOf, readNotifications, sendMessage, unreadInSql, unreadUpdates } from './helpers';

let t: TeamsApp;
let owner: Person;
let mate: Person;
let other: Person;
let stranger: Person;
let eagle: Person;

beforeAll(async () => {
  // No workers: the e-mail digests these notifications queue are another test's.
  t = await teamsApp({ WORKERS: '0' });
  owner = await coach(t, 'ncoach', 'Team Hawks');
  mate = await athlete(t, 'nmate');
  other = await athlete(t, 'nother');
  stranger = await coach(t, 'nstranger', 'Team Owls');
  eagle = await coach(t, 'neagle', 'Eagles', { other: true });
  await joinTeam(t, 'ncoach', 'nmate');
  await joinTeam(t, 'ncoach', 'nother');
});
afterAll(() => t?.close());

describe('signed in only', () => {
  it.each([
    ['GET', '/api/user/notifications'],
    ['POST', '/api/user/notifications/read'],
    ['POST', '/api/user/messages'],
    ['GET', '/api/user/notification-settings'],
    ['PUT', '/api/user/notification-settings'],
  ] as const)('%s %s without a token is 401', async (method, url) => {
    const body = url === '/api/user/messages' ? { message: 'hi', recipient: 'nmate', action: null, type: 'link' } : url.endsWith('settings') ? { email: false } : {};
    const res = await call(t, method, url, {}, method === 'GET' ? undefined : body);
    expect(res.statusCode, res.body).toBe(401);
  });
});

describe('POST /api/user/messages', () => {
  it('notifies a teammate, who sees who wrote what and where it opens; the sender does not', async () => {
    const id = await message(t, owner, mate, 'Film session at 6', '/team/messages');
    const page = await notificationsOf(t, mate);
    expect(page.items[0]).toMatchObject({ _id: id, type: 'link', message: 'Film session at 6', action: '/team/messages', publisher: 'ncoach', read: false });
    expect(page.unread).toBe(await unreadInSql(t, 'nmate'));
    expect((await notificationsOf(t, owner)).items.map((n) => n._id)).not.toContain(id);
    // Teammates both ways: the athlete may write to the coach and to another athlete of the team.
    await message(t, mate, owner, 'thanks coach');
    await message(t, mate, other, 'see you there');
  });

  it('is the same 404 for a name nobody has, someone of another team, another tenant and oneself', async () => {
    const before = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM notifications`);
    const answers = [];
    for (const recipient of ['nobody-here', 'nstranger', 'neagle', 'nmate']) {
      const res = await sendMessage(t, recipient === 'nmate' ? mate : owner, { message: 'hi', recipient });
      expectError(res, 404, UNKNOWN_RECIPIENT);
      answers.push(res.body);
    }
    expect(new Set(answers).size).toBe(1);
    // Nor can a stranger write to the team's members.
    expectError(await sendMessage(t, stranger, { message: 'hi', recipient: 'nmate' }), 404, UNKNOWN_RECIPIENT);
    expect(await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM notifications`)).toEqual(before);
  });

  it('refuses a blank message and any action that is not a path in the app, creating nothing', async () => {
    const before = await unreadInSql(t, 'nmate');
    expectError(await sendMessage(t, owner, { message: ' \n\t ', recipient: 'nmate' }), 400, EMPTY_MESSAGE);
    for (const action of ['javascript:alert(1)', 'https://evil.example/x', '//evil.example', '/\\evil.example', 'team/messages', '/a b', 'JAVASCRIPT:alert(1)']) {
      expectError(await sendMessage(t, owner, { message: 'hi', recipient: 'nmate', action }), 400, BAD_ACTION);
    }
    expect((await sendMessage(t, owner, { message: 'x'.repeat(2001), recipient: 'nmate' })).statusCode).toBe(400);
    expect(await unreadInSql(t, 'nmate')).toBe(before);
    // A name in another case is the same teammate.
    expect((await sendMessage(t, owner, { message: 'hi', recipient: 'NMATE', action: '/team/activity?x=1#top' })).statusCode).toBe(201);
  });
});

describe('GET /api/user/notifications', () => {
  it('pages newest first by the last item time, each once, even when many share a millisecond', async () => {
    const pager = await athlete(t, 'npager');
    await joinTeam(t, 'ncoach', 'npager');
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) ids.push(await message(t, owner, pager, `m${i}`));
    // Five of them in one millisecond: a page boundary falls inside it.
    await t.sql(`UPDATE notifications SET created_at = '2026-01-01T00:00:00.123456Z'::timestamptz + (random() * interval '0.0005 s') WHERE id = ANY($1::uuid[])`, [ids.slice(2, 7)]);
    const seen: string[] = [];
    let cursor: number | null | undefined;
    let pages = 0;
    do {
      const page = await notificationsOf(t, pager, `limit=2${cursor ? `&timestamp=${cursor}` : ''}`);
      const stamps = page.items.map((n) => n.timestamp);
      expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
      expect(page.unread).toBe(9);
      seen.push(...page.items.map((n) => n._id));
      cursor = page.next;
      pages++;
    } while (cursor !== null && pages < 20);
    expect(seen).toHaveLength(9);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it('lists only the caller own: another member, a stranger and another tenant see none of them', async () => {
    const mine = new Set((await notificationsOf(t, mate)).items.map((n) => n._id));
    expect(mine.size).toBeGreaterThan(0);
    for (const who of [other, stranger, eagle, owner]) {
      const theirs = (await notificationsOf(t, who)).items.map((n) => n._id);
      expect(theirs.filter((id) => mine.has(id))).toEqual([]);
    }
    expect((await notificationsOf(t, eagle)).items).toEqual([]);
  });

  it('refuses a bad page query with a 400', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'timestamp=-1', 'timestamp=abc', 'timestamp=99999999999999999']) {
      expect((await call(t, 'GET', `/api/user/notifications?${query}`, mate.headers)).statusCode, query).toBe(400);
    }
  });
});

describe('POST /api/user/notifications/read', () => {
  it('reads some: only the caller own, unknown and malformed ids ignored; the new count is announced', async () => {
    const reader = await athlete(t, 'nreader');
    await joinTeam(t, 'ncoach', 'nreader');
    const [a, b, c] = [await message(t, owner, reader, 'a'), await message(t, owner, reader, 'b'), await message(t, owner, reader, 'c')];
    const othersId = await message(t, owner, other, 'not yours');
    const unread = await readNotifications(t, reader, [a!, b!, othersId, randomUUID(), 'not-a-uuid']);
    expect(unread).toBe(1);
    expect(await unreadInSql(t, 'nreader')).toBe(1);
    expect(await lastUnreadUpdate(t, 'nreader')).toBe(1);
    const page = await notificationsOf(t, reader);
    expect(Object.fromEntries(page.items.map((n) => [n._id, n.read]))).toEqual({ [a!]: true, [b!]: true, [c!]: false });
    expect((await notificationsOf(t, other)).items.find((n) => n._id === othersId)?.read).toBe(false);
  });

  it('reads all with no ids, and announces nothing when nothing changed', async () => {
    await message(t, owner, mate, 'one more');
    expect(await readNotifications(t, mate)).toBe(0);
    expect(await unreadInSql(t, 'nmate')).toBe(0);
    expect(await lastUnreadUpdate(t, 'nmate')).toBe(0);
    const updates = await unreadUpdates(t, 'nmate');
    expect(await readNotifications(t, mate)).toBe(0);
    expect(await readNotifications(t, mate, [])).toBe(0);
    expect(await unreadUpdates(t, 'nmate')).toBe(updates);
  });

  it('another tenant cannot read this tenant notifications', async () => {
    const id = await message(t, owner, other, 'still unread');
    expect(await readNotifications(t, eagle, [id])).toBe(0);
    expect(await readNotifications(t, eagle)).toBe(0);
    expect((await notificationsOf(t, other)).items.find((n) => n._id === id)?.read).toBe(false);
  });

  it('refuses a body that is not a list of ids', async () => {
    for (const payload of [{ ids: 'all' }, { ids: [1] }, { ids: Array.from({ length: 501 }, () => randomUUID()) }]) {
      expect((await call(t, 'POST', '/api/user/notifications/read', mate.headers, payload)).statusCode).toBe(400);
    }
  });
});

describe('notification settings and unsubscribe', () => {
  const settings = (who: Person) => call(t, 'GET', '/api/user/notification-settings', who.headers);
  const emailOn = async (username: string) => (await t.sql<{ on: boolean }>(`SELECT notification_email AS on FROM users WHERE username = $1`, [username]))[0]!.on;

  it('GET and PUT the caller own switch; bad bodies are 400', async () => {
    expect((await settings(other)).json()).toEqual({ email: true });
    const put = await call(t, 'PUT', '/api/user/notification-settings', other.headers, { email: false });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ email: false });
    expect((await settings(other)).json()).toEqual({ email: false });
    expect((await settings(mate)).json()).toEqual({ email: true });
    for (const payload of [{}, { email: 'no' }, { email: null }]) {
      expect((await call(t, 'PUT', '/api/user/notification-settings', other.headers, payload)).statusCode).toBe(400);
    }
    await call(t, 'PUT', '/api/user/notification-settings', other.headers, { email: true });
    expect(await emailOn('nother')).toBe(true);
  });

  it('answers the default to someone signed in whose record is not made yet (the settings page asks beside the call that makes it)', async () => {
    const fresh = await person(t, 'nfresh', { register: false });
    const res = await settings(fresh);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: true });
  });

  it('a signed link switches e-mail off by one POST (no sign-in, twice is the same); a GET or a forged token changes nothing', async () => {
    const token = (await unsubscribeLinks(t.runtime.db)).token(await userId(t, 'nother'));
    const get = await call(t, 'GET', `/api/unsubscribe/${token}`);
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(`/unsubscribe/${token}`);
    expect(await emailOn('nother')).toBe(true);

    const forged = [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, token.replace(/^\d+/, String(await userId(t, 'nmate'))), 'x', `${token}x`];
    for (const bad of forged) {
      const res = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${encodeURIComponent(bad)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expectError(res, 404, BAD_UNSUBSCRIBE_LINK);
    }
    expect(await emailOn('nother')).toBe(true);
    expect(await emailOn('nmate')).toBe(true);

    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ email: false });
    }
    // The web page's button posts without a body.
    expect((await call(t, 'POST', `/api/unsubscribe/${token}`)).statusCode).toBe(200);
    expect(await emailOn('nother')).toBe(false);
    expect(await emailOn('nmate')).toBe(true);
  });
});

describe('rate limit of direct messages', () => {
  let r: TeamsApp;
  afterAll(() => r?.close());

  it('counts per user: one sender is stopped, another on the same address is not', async () => {
    r = await teamsApp({ WORKERS: '0', AUTH_RATE_LIMIT: '3' });
    const boss = await coach(r, 'rcoach', 'Team Rate');
    const kid = await person(r, 'rkid', { type: 'athlete' });
    await joinTeam(r, 'rcoach', 'rkid');
    for (let i = 0; i < 3; i++) await message(r, boss, kid, `m${i}`);
    const limited = await sendMessage(r, boss, { message: 'one too many', recipient: 'rkid' });
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    await message(r, kid, boss, 'I may still write');
    expect(await unreadInSql(r, 'rkid')).toBe(3);
  });
});

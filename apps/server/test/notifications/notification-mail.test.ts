import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { header, startSmtpServer, type Received } from '../mail/mail-test-helpers';
import { call, coach, PUBLIC_URL, teamsApp, type Person, type TeamsApp } from '../teams/helpers';
import { athlete, joinTeam, userId } from '../videos/helpers';
import { message, readNotifications } from './helpers';

// Short, so the test waits seconds; the code reads it like the default 600.
const DELAY_SEC = 2;

let t: TeamsApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let owner: Person;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await teamsApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, NOTIFY_EMAIL_DELAY_SECONDS: String(DELAY_SEC) });
  owner = await coach(t, 'mcoach', 'Team Hawks');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function teammate(username: string): Promise<Person> {
  const p = await athlete(t, username);
  await joinTeam(t, 'mcoach', username);
  return p;
}

/** The body's text part, quoted-printable undone, for reading what the mail lists. */
const textOf = (mail: Received) =>
  mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * Resolves once every digest job of the user queued so far has run: the e-mail, if any, is decided.
 * (pg-boss has no completion event another process can wait on; its table is the record.)
 */
async function digestSettled(username: string): Promise<void> {
  const key = `user-${await userId(t, username)}`;
  await vi.waitFor(
    async () => {
      const [row] = await t.sql<{ pending: number }>(
        `SELECT count(*)::int AS pending FROM pgboss.job WHERE name = 'notification-mail' AND singleton_key = $1 AND state IN ('created', 'retry', 'active')`,
        [key],
      );
      expect(row!.pending).toBe(0);
    },
    { timeout: 30_000, interval: 100 },
  );
}

/** Resolves once the user's digest waits for its moment (the notification is not due yet). */
async function digestWaiting(username: string): Promise<void> {
  const key = `user-${await userId(t, username)}`;
  await vi.waitFor(
    async () => {
      const [row] = await t.sql<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pgboss.job WHERE name = 'notification-mail' AND singleton_key = $1 AND state = 'created' AND start_after > now()`,
        [key],
      );
      expect(row!.waiting).toBe(1);
    },
    { timeout: 30_000, interval: 100 },
  );
}

const createdAt = async (id: string) => (await t.sql<{ at: Date }>(`SELECT created_at AS at FROM notifications WHERE id = $1`, [id]))[0]!.at.getTime();

describe('notification e-mail digest', () => {
  it('mails what is still unread after the delay, in one e-mail, with one-click unsubscribe headers', async () => {
    const kid = await teammate('mkid');
    const first = await message(t, owner, kid, 'Film session at 6', '/team/messages');
    await message(t, owner, kid, 'Bring your <b>cleats</b>');
    await message(t, owner, kid, 'Bus leaves at 5', '/team/activity');
    const mail = await smtp.nthTo(kid.email);
    expect(mail.at - (await createdAt(first))).toBeGreaterThanOrEqual(DELAY_SEC * 1000);
    const text = textOf(mail);
    for (const line of ['Film session at 6', 'Bring your <b>cleats</b>', 'Bus leaves at 5', 'Casey Coach', `${PUBLIC_URL}/team/messages`, `${PUBLIC_URL}/team/activity`, `${PUBLIC_URL}/home`]) {
      expect(text).toContain(line);
    }
    expect(header(mail.raw, 'Subject')).toBe('You have 3 unread notifications on Teamfilm');
    const unsubscribe = header(mail.raw, 'List-Unsubscribe');
    expect(unsubscribe).toMatch(new RegExp(`^<${PUBLIC_URL}/api/unsubscribe/\\d+\\.[A-Za-z0-9_-]{43}>$`));
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const token = /\/api\/unsubscribe\/([^>]+)>/.exec(unsubscribe!)![1]!;
    // The visible link opens the page that asks before switching off.
    expect(text).toContain(`${PUBLIC_URL}/unsubscribe/${token}`);

    await digestSettled('mkid');
    expect(smtp.sentTo(kid.email)).toHaveLength(1);
    expect((await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE mailed_at IS NOT NULL AND user_id = $1`, [await userId(t, 'mkid')]))[0]!.n).toBe(3);

    // The next one waits out the window since this e-mail, and lists only what is new.
    await message(t, owner, kid, 'Game moved to Sunday');
    const second = await smtp.nthTo(kid.email, 2);
    expect(second.at - mail.at).toBeGreaterThanOrEqual(DELAY_SEC * 1000);
    expect(textOf(second)).toContain('Game moved to Sunday');
    expect(textOf(second)).not.toContain('Film session at 6');
    // People are named by their name (the coach's), never by a username.
    expect(header(second.raw, 'Subject')).toBe('Casey Coach wrote to you on Teamfilm');
    expect(textOf(mail)).not.toContain('mcoach');

    // One click (as a mail client sends it) switches e-mail off: the next notification mails nothing.
    const res = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(t, 'GET', '/api/user/notification-settings', kid.headers)).json()).toEqual({ email: false });
    await message(t, owner, kid, 'Are you there?');
    await digestSettled('mkid');
    expect(smtp.sentTo(kid.email)).toHaveLength(2);
  });

  it('names who mentioned by their name as it is when mailed, in the subject and the body', async () => {
    const kid = await teammate('mnamed');
    const mentioner = await athlete(t, 'coachkim');
    await joinTeam(t, 'mcoach', 'coachkim');
    const posted = await call(t, 'POST', '/api/team/board', mentioner.headers, { subject: 'Film', message: 'Great run @mnamed' });
    expect(posted.statusCode, posted.body).toBe(201);
    await digestWaiting('mnamed');
    // Renamed before the e-mail goes: the new name is the one shown, in the bell as in the mail.
    expect((await call(t, 'PUT', '/api/user/me', mentioner.headers, { name: 'Dana Kim' })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/user/notifications', kid.headers)).json().items[0].message).toBe('Dana Kim mentioned you: Great run @mnamed');
    const mail = await smtp.nthTo(kid.email);
    expect(header(mail.raw, 'Subject')).toBe('Dana Kim wrote to you on Teamfilm');
    expect(textOf(mail)).toContain('Dana Kim mentioned you: Great run @mnamed');
    expect(textOf(mail)).not.toContain('coachkim');
  });

  it('mails nothing when it was read meanwhile', async () => {
    const reader = await teammate('mreader');
    await message(t, owner, reader, 'Read me soon');
    await digestWaiting('mreader');
    await readNotifications(t, reader);
    await digestSettled('mreader');
    expect(smtp.sentTo(reader.email)).toEqual([]);
  });

  it('mails nothing when e-mail was switched off meanwhile', async () => {
    const quiet = await teammate('mquiet');
    await message(t, owner, quiet, 'You will not get this by e-mail');
    await digestWaiting('mquiet');
    expect((await call(t, 'PUT', '/api/user/notification-settings', quiet.headers, { email: false })).statusCode).toBe(200);
    await digestSettled('mquiet');
    expect(smtp.sentTo(quiet.email)).toEqual([]);
  });
});

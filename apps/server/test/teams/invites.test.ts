import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inviteResponse, invitePreview } from '@app/contracts/teams';
import { AppError } from '../../src/errors';
import { call, channelId, coach, invite, inviteToken, memberNames, person, PUBLIC_URL, teamsApp, userRow, type TeamsApp } from './helpers';

let t: TeamsApp;
beforeAll(async () => {
  t = await teamsApp();
});
afterAll(async () => {
  await t.close();
});

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const preview = (token: string) => call(t, 'GET', `/api/invites/${token}`);
const accept = (headers: Record<string, string>, token: string) => call(t, 'POST', `/api/invites/${token}/accept`, headers);
const registrationInvite = (headers: Record<string, string>, body: unknown) => call(t, 'POST', '/api/user/invites', headers, body);
const error = (statusCode: number, code: string, error: string, message: string) => ({ statusCode, code, error, message });
const inviteRows = (email: string) =>
  t.sql<{ id: string; token_hash: string; expires_at: Date; accepted_at: Date | null; accepted_by_user_id: number | null }>(
    `SELECT id, token_hash, expires_at, accepted_at, accepted_by_user_id FROM invites WHERE email = $1`,
    [email],
  );

describe('the coach registration journey', () => {
  it('invites three athletes by e-mail; one signs up, follows the link and is in the team', async () => {
    const c = await coach(t, 'jcoach', 'Eagles U18');
    const emails = ['ja1@example.com', 'ja2@example.com', 'JA3@Example.com'];
    for (const email of emails) {
      const res = await registrationInvite(c.headers, { email, owner: 'jcoach', channel: 'main' });
      expect(res.statusCode).toBe(200);
      expect(inviteResponse.parse(res.json())).toEqual({ owner: 'jcoach', channel: 'main', email: email.toLowerCase(), username: null, emailed: true });
    }

    const tokens: string[] = [];
    for (const email of ['ja1@example.com', 'ja2@example.com', 'ja3@example.com']) {
      const mails = await t.sent(email);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail).toMatchObject({ channel: 'mail', template: 'team-invite', subject: 'Casey Coach invited you to Eagles U18 on Teamfilm' });
      expect(mail.text).toContain('Casey Coach invited you to join the team Eagles U18');
      expect(mail.text).toContain('sign in');
      expect(mail.text).toContain('create an athlete account');
      expect(mail.text).toContain('expires in 14 days');
      const token = await inviteToken(t, email);
      expect(mail.text).toContain(`${PUBLIC_URL}/join/${token}`);
      expect(mail.html).toContain(`href="${PUBLIC_URL}/join/${token}"`);
      tokens.push(token);
      // Only the hash is stored, and the link lives 14 days.
      const [row] = await inviteRows(email);
      expect(row!.token_hash).toBe(sha256(token));
      expect(row!.expires_at.getTime() - Date.now()).toBeGreaterThan(14 * 86_400_000 - 60_000);
      expect(row!.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(14 * 86_400_000);
    }
    expect(new Set(tokens).size).toBe(3);
    expect(await t.sql(`SELECT 1 FROM invites WHERE token_hash = ANY($1)`, [tokens])).toEqual([]);

    const shown = await preview(tokens[0]!);
    expect(shown.statusCode).toBe(200);
    expect(invitePreview.parse(shown.json())).toEqual({
      status: 'pending',
      owner: 'jcoach',
      ownerName: 'Casey Coach',
      channel: 'main',
      description: 'Eagles U18',
      email: 'ja1@example.com',
      expired: false,
      accepted: false,
    });

    // A new athlete account with the invited (not yet confirmed) address: the link is the proof.
    const a = await person(t, 'ja1', { email: 'ja1@example.com', firstname: 'Jo', lastname: 'Athlete' });
    await call(t, 'PUT', '/api/user/me', a.headers, { sport: 'BBK', city: 'Austin' });
    const res = await accept(a.headers, tokens[0]!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      owner: 'jcoach',
      channel: 'main',
      description: 'Eagles U18',
      members: {
        jcoach: { username: 'jcoach', name: 'Casey Coach', sport: null, city: null, image: null },
        ja1: { username: 'ja1', name: 'Jo Athlete', sport: 'BBK', city: 'Austin', image: null },
      },
    });
    const me = await userRow(t, 'ja1');
    const [row] = await inviteRows('ja1@example.com');
    expect(row!.accepted_by_user_id).toBe(me.id);
    expect(row!.accepted_at).toBeInstanceOf(Date);
    expect(me.active_channel_id).toBe(await channelId(t, 'jcoach'));
    expect(await memberNames(t, 'jcoach')).toEqual(['ja1', 'jcoach']);

    const teamRes = await call(t, 'GET', '/api/user/team', a.headers);
    expect(teamRes.json()).toEqual(res.json());
    expect((await call(t, 'GET', '/api/user/teams', a.headers)).json()).toEqual([
      { username: 'jcoach', channel: 'main', description: 'Eagles U18', member: true, current: true },
    ]);
    expect((await call(t, 'GET', '/api/user/team', c.headers)).json().members.ja1).toMatchObject({ sport: 'BBK' });

    // Accepting again is a no-op; the preview shows it used.
    const again = await accept(a.headers, tokens[0]!);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(await memberNames(t, 'jcoach')).toEqual(['ja1', 'jcoach']);
    expect((await preview(tokens[0]!)).json()).toMatchObject({ status: 'accepted', accepted: true, expired: false });
  });
});

describe('PUT /api/channel/{owner}/{channel}/invites', () => {
  it('invites a username (leading @ and any case), mailing their stored address without revealing it', async () => {
    const c = await coach(t, 'ucoach', 'Comets');
    await person(t, 'uathlete', { email: 'uathlete.private@example.com' });
    const res = await invite(t, c, '@UAthlete');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ owner: 'ucoach', channel: 'main', email: null, username: 'uathlete', emailed: true });
    const mails = await t.sent('uathlete.private@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/join/`);
    expect(await t.sql(`SELECT username, email FROM invites WHERE channel_id = $1`, [await channelId(t, 'ucoach')])).toEqual([
      { username: 'uathlete', email: null },
    ]);
  });

  it('renews the link of a pending address instead of adding a second invite', async () => {
    const c = await coach(t, 'recoach', 'Rockets');
    expect((await invite(t, c, 'again@example.com')).statusCode).toBe(200);
    const first = await inviteToken(t, 'again@example.com');
    const [before] = await inviteRows('again@example.com');
    await t.sql(`UPDATE invites SET expires_at = now() + interval '1 day' WHERE id = $1`, [before!.id]);

    expect((await invite(t, c, 'Again@Example.com')).statusCode).toBe(200);
    const second = await inviteToken(t, 'again@example.com');
    expect(second).not.toBe(first);
    const rows = await inviteRows('again@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(before!.id);
    expect(rows[0]!.token_hash).toBe(sha256(second));
    expect(rows[0]!.expires_at.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expect(await t.sent('again@example.com')).toHaveLength(2);
    // The old link stops working.
    expect((await preview(first)).statusCode).toBe(404);
    expect((await preview(second)).statusCode).toBe(200);
  });

  it('refuses to invite a member (409) by username or by e-mail', async () => {
    const c = await coach(t, 'memcoach', 'Meteors');
    const a = await person(t, 'memathlete');
    await invite(t, c, 'memathlete');
    await call(t, 'PUT', '/api/channel/memcoach/main/members', a.headers);
    const mailsBefore = (await t.sent(a.email)).length;
    for (const member of ['memathlete', a.email, 'memcoach', c.email]) {
      const res = await invite(t, c, member);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(error(409, 'CONFLICT', 'Conflict', 'Already a member of this team.'));
    }
    expect(await t.sent(a.email)).toHaveLength(mailsBefore);
  });

  it('answers 404 for an unknown username and sends nothing', async () => {
    const c = await coach(t, 'nucoach', 'Novas');
    const res = await invite(t, c, 'nobody_here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(error(404, 'NOT_FOUND', 'Not Found', 'No user with that username.'));
    expect(await t.sql(`SELECT 1 FROM invites WHERE channel_id = $1`, [await channelId(t, 'nucoach')])).toEqual([]);
  });

  it('lets only the owner invite (403), needs registration (409) and a token (401)', async () => {
    const c = await coach(t, 'owncoach2', 'Stars');
    const other = await coach(t, 'othercoach', 'Planets');
    const athlete = await person(t, 'ownathlete');
    const cases = [
      invite(t, athlete, 'x@example.com', 'owncoach2'),
      invite(t, other, 'x@example.com', 'owncoach2'),
      // Owner of the path name but not of that channel.
      invite(t, c, 'x@example.com', 'owncoach2', 'scouting'),
      registrationInvite(athlete.headers, { email: 'x@example.com', owner: 'owncoach2', channel: 'main' }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(error(403, 'FORBIDDEN', 'Forbidden', 'Only the team owner can invite members.'));
    }
    expect(await t.sent('x@example.com')).toEqual([]);
    expect(await t.sql(`SELECT 1 FROM invites WHERE email = 'x@example.com'`)).toEqual([]);

    const bare = await person(t, 'invbare', { register: false });
    expect((await invite(t, bare, 'x@example.com', 'owncoach2')).json()).toEqual(error(409, 'CONFLICT', 'Conflict', 'Finish registration first.'));
    expect((await call(t, 'PUT', '/api/channel/owncoach2/main/invites', {}, { member: 'x@example.com' })).statusCode).toBe(401);
    expect((await registrationInvite({}, { email: 'x@example.com', owner: 'owncoach2', channel: 'main' })).statusCode).toBe(401);
  });

  it('keeps the invite and answers emailed: false when the mail cannot be sent', async () => {
    const c = await coach(t, 'mfcoach', 'Storms');
    const spy = vi
      .spyOn(t.runtime.mail.mail, 'send')
      .mockRejectedValueOnce(new AppError('INTERNAL', 'We could not send the email. Please try again in a few minutes.', 503));
    try {
      const res = await invite(t, c, 'mailfail@example.com');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ owner: 'mfcoach', channel: 'main', email: 'mailfail@example.com', username: null, emailed: false });
      expect(spy).toHaveBeenCalledOnce();
    } finally {
      spy.mockRestore();
    }
    expect(await inviteRows('mailfail@example.com')).toHaveLength(1);
    expect(await t.sent('mailfail@example.com')).toEqual([]);
  });

  const INVALID = 'body.member: Please enter a valid email or plain username.';
  it.each([
    [{}, INVALID],
    [{ member: 42 }, INVALID],
    [{ member: null }, INVALID],
    [{ member: '' }, INVALID],
    [{ member: 'two words' }, INVALID],
    [{ member: 'partial@' }, INVALID],
    [{ member: 'a@b@c' }, INVALID],
    [{ member: 'ok', extra: true }, "body: Unrecognized key(s) in object: 'extra'"],
  ])('refuses %j with 400', async (body, message) => {
    const c = await person(t, `bad${randomBytes(4).toString('hex')}`, { type: 'team' });
    const res = await call(t, 'PUT', `/api/channel/${c.username}/main/invites`, c.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(400, 'VALIDATION_FAILED', 'Bad Request', message));
  });

  it('refuses malformed JSON and a missing body with 400', async () => {
    const c = await coach(t, 'jsoncoach', 'Bolts');
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/api/channel/jsoncoach/main/invites',
      headers: { ...c.headers, 'content-type': 'application/json' },
      payload: '{"member": "a@example.com",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual(error(400, 'INVALID_JSON', 'Bad Request', 'Request body is not valid JSON.'));
    const none = await call(t, 'PUT', '/api/channel/jsoncoach/main/invites', c.headers);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /api/user/invites', () => {
  it.each([
    [{ owner: 'x', channel: 'main' }, 'body.email: Invalid email address'],
    [{ email: 'nope', owner: 'x', channel: 'main' }, 'body.email: Invalid email address'],
    [{ email: 'a@example.com', channel: 'main' }, 'body.owner: Required'],
    [{ email: 'a@example.com', owner: 'x', channel: 5 }, 'body.channel: Expected string, received number'],
  ])('refuses %j with 400', async (body, message) => {
    const c = await person(t, `regbad${randomBytes(4).toString('hex')}`, { type: 'team' });
    const res = await registrationInvite(c.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(400, 'VALIDATION_FAILED', 'Bad Request', message));
  });
});

describe('invitation links', () => {
  it('answers 404 for forged and malformed tokens', async () => {
    const a = await person(t, 'forger');
    const forged = randomBytes(32).toString('base64url');
    for (const token of [forged, 'short', 'x'.repeat(43), `${forged}x`]) {
      const shown = await preview(token);
      expect(shown.statusCode).toBe(404);
      expect(shown.json()).toEqual(error(404, 'NOT_FOUND', 'Not Found', 'This invitation link is not valid.'));
      expect((await accept(a.headers, token)).json()).toEqual(error(404, 'NOT_FOUND', 'Not Found', 'This invitation link is not valid.'));
    }
    expect((await userRow(t, 'forger')).active_channel_id).toBeNull();
  });

  it('refuses an expired link with 410, and shows it expired', async () => {
    const c = await coach(t, 'expcoach', 'Tides');
    await invite(t, c, 'late@example.com');
    const token = await inviteToken(t, 'late@example.com');
    await t.sql(`UPDATE invites SET expires_at = now() - interval '1 second' WHERE email = 'late@example.com'`);
    const a = await person(t, 'late');
    const res = await accept(a.headers, token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual(error(410, 'EXPIRED', 'Gone', 'This invitation has expired. Ask your coach for a new one.'));
    expect((await preview(token)).json()).toMatchObject({ status: 'expired', expired: true, accepted: false });
    expect((await inviteRows('late@example.com'))[0]!.accepted_at).toBeNull();
    expect(await memberNames(t, 'expcoach')).toEqual(['expcoach']);
    // A new invite to the same address renews it.
    await invite(t, c, 'late@example.com');
    expect((await accept(a.headers, await inviteToken(t, 'late@example.com'))).statusCode).toBe(200);
  });

  it('refuses a link already used by someone else with 409', async () => {
    const c = await coach(t, 'usedcoach', 'Waves');
    await invite(t, c, 'shared@example.com');
    const token = await inviteToken(t, 'shared@example.com');
    const first = await person(t, 'firstuser');
    const second = await person(t, 'seconduser');
    expect((await accept(first.headers, token)).statusCode).toBe(200);
    const res = await accept(second.headers, token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error(409, 'CONFLICT', 'Conflict', 'This invitation was already used.'));
    expect(await memberNames(t, 'usedcoach')).toEqual(['firstuser', 'usedcoach']);
    expect((await userRow(t, 'seconduser')).active_channel_id).toBeNull();
    // Nor does the used invite let the second user join through the members call.
    expect((await call(t, 'PUT', '/api/channel/usedcoach/main/members', second.headers)).statusCode).toBe(403);
  });

  it('does not spend the link when the coach opens it', async () => {
    const c = await coach(t, 'peekcoach', 'Peaks');
    await invite(t, c, 'peek@example.com');
    const token = await inviteToken(t, 'peek@example.com');
    expect((await accept(c.headers, token)).statusCode).toBe(200);
    expect((await preview(token)).json()).toMatchObject({ status: 'pending', accepted: false });
    const a = await person(t, 'peeker');
    expect((await accept(a.headers, token)).statusCode).toBe(200);
  });

  it('needs a token and a product record to accept; the preview is public', async () => {
    const c = await coach(t, 'authcoach', 'Clouds');
    await invite(t, c, 'auth@example.com');
    const token = await inviteToken(t, 'auth@example.com');
    const res = await accept({}, token);
    expect(res.statusCode).toBe(401);
    const bare = await person(t, 'acceptbare', { register: false });
    const unregistered = await accept(bare.headers, token);
    expect(unregistered.statusCode).toBe(409);
    expect(unregistered.json().message).toBe('Finish registration first.');
    expect((await inviteRows('auth@example.com'))[0]!.accepted_at).toBeNull();
    expect((await preview(token)).statusCode).toBe(200);
  });
});

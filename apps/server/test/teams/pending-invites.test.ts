import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingInvites } from '@app/contracts/teams';
import { call, coach, invite, inviteToken, memberNames, person, teamsApp, type Person, type TeamsApp } from './helpers';

let t: TeamsApp;
beforeAll(async () => {
  t = await teamsApp();
});
afterAll(async () => {
  await t.close();
});

const list = (who: Person, owner = who.username) => call(t, 'GET', `/api/channel/${owner}/main/invites`, who.headers);
const revoke = (who: Person, id: string, owner = who.username) => call(t, 'DELETE', `/api/channel/${owner}/main/invites/${id}`, who.headers);
const preview = (token: string) => call(t, 'GET', `/api/invites/${token}`);
const accept = (who: Person, token: string) => call(t, 'POST', `/api/invites/${token}/accept`, who.headers);

describe('GET /api/channel/{owner}/{channel}/invites', () => {
  it('lists the pending invitations newest first, not the accepted or expired ones', async () => {
    const c = await coach(t, 'listcoach', 'Listers');
    await person(t, 'renamedinvitee');
    expect((await invite(t, c, 'first@example.com')).statusCode).toBe(200);
    expect((await invite(t, c, 'renamedinvitee')).statusCode).toBe(200);
    expect((await invite(t, c, 'joiner@example.com')).statusCode).toBe(200);
    expect((await invite(t, c, 'late@example.com')).statusCode).toBe(200);
    await t.sql(`UPDATE invites SET expires_at = now() - interval '1 second' WHERE email = 'late@example.com'`);
    const joiner = await person(t, 'joiner', { email: 'joiner@example.com' });
    expect((await accept(joiner, await inviteToken(t, 'joiner@example.com'))).statusCode).toBe(200);
    await t.sql(`UPDATE users SET username = 'newname' WHERE username = 'renamedinvitee'`);

    const res = await list(c);
    expect(res.statusCode, res.body).toBe(200);
    const body = pendingInvites.parse(res.json());
    // A username invite shows the invited account under its current name.
    expect(body.invites.map((i) => i.member)).toEqual(['newname', 'first@example.com']);
    const [latest] = body.invites;
    expect(Math.abs(Date.parse(latest!.expiresAt) - Date.parse(latest!.createdAt) - 14 * 86_400_000)).toBeLessThan(60_000);
  });

  it('is for the owner only (403), needs a token (401)', async () => {
    const c = await coach(t, 'privcoach', 'Private');
    await invite(t, c, 'secret@example.com');
    const other = await coach(t, 'nosycoach', 'Nosy');
    const res = await list(other, 'privcoach');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only the team owner can see its invitations.');
    expect((await call(t, 'GET', '/api/channel/privcoach/main/invites')).statusCode).toBe(401);
  });
});

describe('DELETE /api/channel/{owner}/{channel}/invites/{id}', () => {
  it('revokes a pending invitation: 204, gone from the list, its link previews revoked and cannot be accepted', async () => {
    const c = await coach(t, 'revcoach', 'Revokers');
    expect((await invite(t, c, 'gone@example.com')).statusCode).toBe(200);
    const token = await inviteToken(t, 'gone@example.com');
    const [pending] = pendingInvites.parse((await list(c)).json()).invites;

    const res = await revoke(c, pending!.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(pendingInvites.parse((await list(c)).json()).invites).toEqual([]);
    expect((await preview(token)).json()).toMatchObject({ status: 'revoked', accepted: false, expired: false });

    const late = await person(t, 'gone', { email: 'gone@example.com', confirmed: true });
    const refused = await accept(late, token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toBe('This invitation was withdrawn. Ask your coach for a new one.');
    // A confirmed address does not let them in either.
    expect((await call(t, 'PUT', '/api/channel/revcoach/main/members', late.headers)).statusCode).toBe(403);
    expect(await memberNames(t, 'revcoach')).toEqual(['revcoach']);

    // Inviting the address again makes a new invitation with a working link.
    expect((await invite(t, c, 'gone@example.com')).statusCode).toBe(200);
    const fresh = await inviteToken(t, 'gone@example.com');
    expect(fresh).not.toBe(token);
    expect((await preview(fresh)).json().status).toBe('pending');
    expect((await accept(late, fresh)).statusCode).toBe(200);
    expect((await preview(token)).json().status).toBe('revoked');
  });

  it('answers 404 to anyone but the owner, for unknown, malformed and settled ids', async () => {
    const c = await coach(t, 'keepcoach', 'Keepers');
    await invite(t, c, 'kept@example.com');
    const [pending] = pendingInvites.parse((await list(c)).json()).invites;
    const other = await coach(t, 'othercoach', 'Others');
    const member = await person(t, 'keepmember');

    for (const [who, owner] of [
      [other, 'keepcoach'],
      [member, 'keepcoach'],
      [other, 'othercoach'],
    ] as const) {
      const res = await revoke(who, pending!.id, owner);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Invitation not found.');
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await revoke(c, id)).statusCode).toBe(404);
    }
    expect((await revoke(c, pending!.id)).statusCode).toBe(204);
    expect((await revoke(c, pending!.id)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/channel/keepcoach/main/invites/${pending!.id}`)).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_MEMBER, teamResponse, teamsResponse } from '@app/contracts/teams';
import { call, channelId, coach, invite, inviteToken, memberNames, person, teamsApp, userRow, type TeamsApp } from './helpers';

let t: TeamsApp;
beforeAll(async () => {
  t = await teamsApp();
});
afterAll(async () => {
  await t.close();
});

const team = (headers: Record<string, string>) => call(t, 'GET', '/api/user/team', headers);
const teams = (headers: Record<string, string>) => call(t, 'GET', '/api/user/teams', headers);
const join = (headers: Record<string, string>, owner: string, channel = 'main') => call(t, 'PUT', `/api/channel/${owner}/${channel}/members`, headers);
const remove = (headers: Record<string, string>, owner: string, username: string) => call(t, 'DELETE', `/api/channel/${owner}/main/members/${username}`, headers);
const error = (statusCode: number, code: string, error: string, message: string) => ({ statusCode, code, error, message });

describe('POST /api/user/channels', () => {
  it('creates the channel, makes the owner a member and activates it', async () => {
    const c = await person(t, 'chcoach', { type: 'team', firstname: 'Casey', lastname: 'Coach' });
    const res = await call(t, 'POST', '/api/user/channels', c.headers, { channel: 'main', description: 'Eagles' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ owner: 'chcoach', channel: 'main', description: 'Eagles' });
    const id = await channelId(t, 'chcoach');
    expect(id).toEqual(expect.any(Number));
    expect(await memberNames(t, 'chcoach')).toEqual(['chcoach']);
    expect((await userRow(t, 'chcoach')).active_channel_id).toBe(id);
  });

  it('answers the existing main again with the new description (200), without duplicates', async () => {
    const c = await coach(t, 'twicecoach', 'Hawks');
    const before = await channelId(t, 'twicecoach');
    const res = await call(t, 'POST', '/api/user/channels', c.headers, { channel: 'main', description: 'Hawks U18' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ owner: 'twicecoach', channel: 'main', description: 'Hawks U18' });
    const rows = await t.sql(`SELECT c.id, c.description FROM channels c JOIN users u ON u.id = c.owner_user_id WHERE u.username = 'twicecoach'`);
    expect(rows).toEqual([{ id: before, description: 'Hawks U18' }]);
    expect(await memberNames(t, 'twicecoach')).toEqual(['twicecoach']);
    // An empty description keeps the team's name.
    const again = await call(t, 'POST', '/api/user/channels', c.headers, { channel: 'main' });
    expect(again.json()).toEqual({ owner: 'twicecoach', channel: 'main', description: 'Hawks U18' });
  });

  it('keeps an existing active channel when creating another one', async () => {
    const c = await coach(t, 'multicoach', 'Owls');
    const main = await channelId(t, 'multicoach');
    const res = await call(t, 'POST', '/api/user/channels', c.headers, { channel: 'scouting', description: 'Scouting' });
    expect(res.statusCode).toBe(201);
    expect((await userRow(t, 'multicoach')).active_channel_id).toBe(main);
    expect(await memberNames(t, 'multicoach', 'scouting')).toEqual(['multicoach']);
  });

  it('needs a product record (409) and a token (401)', async () => {
    const bare = await person(t, 'chbare', { register: false });
    const res = await call(t, 'POST', '/api/user/channels', bare.headers, { channel: 'main', description: 'X' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error(409, 'CONFLICT', 'Conflict', 'Finish registration first.'));
    expect((await call(t, 'POST', '/api/user/channels', {}, { channel: 'main', description: 'X' })).statusCode).toBe(401);
    expect(await t.sql(`SELECT 1 FROM users WHERE username = 'chbare'`)).toEqual([]);
  });

  it.each([
    [{ description: 'No name' }, 'body.channel: Required'],
    [{ channel: 'bad name', description: 'x' }, 'body.channel: A channel name can only contain letters, digits, dashes and underscores'],
    [{ channel: 7, description: 'x' }, 'body.channel: Expected string, received number'],
    [{ channel: 'main', description: 'x', owner: 'someone' }, "body: Unrecognized key(s) in object: 'owner'"],
  ])('refuses %j with 400', async (body, message) => {
    const c = await person(t, `badch${Math.random().toString(36).slice(2, 8)}`, { type: 'team' });
    const res = await call(t, 'POST', '/api/user/channels', c.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(400, 'VALIDATION_FAILED', 'Bad Request', message));
  });
});

describe('GET /api/user/team', () => {
  it('answers the members with sport and city from the profile', async () => {
    const c = await coach(t, 'teamcoach', 'Falcons');
    const a = await person(t, 'teamathlete', { firstname: 'Alex', lastname: 'Athlete' });
    await call(t, 'PUT', '/api/user/me', a.headers, { sport: 'IHK', city: 'Oslo' });
    await invite(t, c, 'teamathlete');
    expect((await join(a.headers, 'teamcoach')).statusCode).toBe(200);
    const res = await team(a.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(teamResponse.parse(body)).toEqual(body);
    expect(body).toEqual({
      owner: 'teamcoach',
      channel: 'main',
      description: 'Falcons',
      members: {
        teamcoach: { username: 'teamcoach', name: 'Casey Coach', sport: null, city: null, image: null },
        teamathlete: { username: 'teamathlete', name: 'Alex Athlete', sport: 'IHK', city: 'Oslo', image: null },
      },
    });
    expect((await team(c.headers)).json()).toEqual(body);
  });

  it('answers the error body when in no team, and without a product record', async () => {
    const loner = await person(t, 'loner');
    expect((await team(loner.headers)).statusCode).toBe(200);
    expect((await team(loner.headers)).json()).toEqual({ error: NOT_A_MEMBER });
    const bare = await person(t, 'teambare', { register: false });
    expect((await team(bare.headers)).json()).toEqual({ error: 'You are not a member of a team' });
    expect(await t.sql(`SELECT 1 FROM users WHERE username = 'teambare'`)).toEqual([]);
  });

  it('falls back to the oldest membership when the active channel is one the user left', async () => {
    const c1 = await coach(t, 'fbcoach1', 'First');
    const c2 = await coach(t, 'fbcoach2', 'Second');
    const a = await person(t, 'fbathlete');
    await invite(t, c1, 'fbathlete');
    await invite(t, c2, 'fbathlete');
    await join(a.headers, 'fbcoach1');
    await join(a.headers, 'fbcoach2');
    expect((await team(a.headers)).json().description).toBe('Second');
    // A stale pointer (a channel the user is not in) is ignored, not trusted.
    await t.sql(`DELETE FROM channel_members WHERE user_id = $1 AND channel_id = $2`, [(await userRow(t, 'fbathlete')).id, await channelId(t, 'fbcoach2')]);
    expect((await team(a.headers)).json().description).toBe('First');
  });

  it('needs a token', async () => {
    const res = await call(t, 'GET', '/api/user/team');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(error(401, 'UNAUTHORIZED', 'Unauthorized', 'Sign in to continue.'));
  });
});

describe('GET /api/user/teams and activation', () => {
  it('lists invited and joined teams once each, current first; activation switches current', async () => {
    const c1 = await coach(t, 'listcoach1', 'Wolves');
    const c2 = await coach(t, 'listcoach2', 'Bears');
    const a = await person(t, 'listathlete', { confirmed: true });
    expect((await teams(a.headers)).json()).toEqual([]);

    // Two invites to the same team (username and confirmed e-mail) make one entry.
    expect((await invite(t, c1, 'listathlete')).statusCode).toBe(200);
    expect((await invite(t, c1, a.email)).statusCode).toBe(200);
    expect((await invite(t, c2, 'ListAthlete')).statusCode).toBe(200);
    const invited = await teams(a.headers);
    expect(invited.statusCode).toBe(200);
    expect(teamsResponse.parse(invited.json())).toEqual([
      { username: 'listcoach1', channel: 'main', description: 'Wolves', member: false, current: false },
      { username: 'listcoach2', channel: 'main', description: 'Bears', member: false, current: false },
    ]);

    const joined = await join(a.headers, 'listcoach1');
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ owner: 'listcoach1', description: 'Wolves' });
    expect(Object.keys(joined.json().members)).toEqual(['listcoach1', 'listathlete']);
    // Both invites addressed to the athlete count as accepted by them.
    const accepted = await t.sql(
      `SELECT i.username, i.email, i.accepted_by_user_id = u.id AS by_me, i.accepted_at IS NOT NULL AS accepted
       FROM invites i JOIN users u ON u.username = 'listathlete' WHERE i.channel_id = $1 ORDER BY i.created_at`,
      [await channelId(t, 'listcoach1')],
    );
    expect(accepted).toEqual([
      { username: 'listathlete', email: null, by_me: true, accepted: true },
      { username: null, email: a.email, by_me: true, accepted: true },
    ]);
    expect((await teams(a.headers)).json()).toEqual([
      { username: 'listcoach1', channel: 'main', description: 'Wolves', member: true, current: true },
      { username: 'listcoach2', channel: 'main', description: 'Bears', member: false, current: false },
    ]);

    const second = await join(a.headers, 'LISTCOACH2');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ owner: 'listcoach2', description: 'Bears' });
    expect((await userRow(t, 'listathlete')).active_channel_id).toBe(await channelId(t, 'listcoach2'));
    expect((await teams(a.headers)).json()).toEqual([
      { username: 'listcoach2', channel: 'main', description: 'Bears', member: true, current: true },
      { username: 'listcoach1', channel: 'main', description: 'Wolves', member: true, current: false },
    ]);
    expect((await team(a.headers)).json().description).toBe('Bears');

    // Activating back is allowed (already a member) and changes nothing else.
    expect((await join(a.headers, 'listcoach1')).statusCode).toBe(200);
    expect((await team(a.headers)).json().description).toBe('Wolves');
    expect((await teams(a.headers)).json().map((x: { current: boolean }) => x.current)).toEqual([true, false]);
    expect(await memberNames(t, 'listcoach1')).toEqual(['listathlete', 'listcoach1']);
  });

  it("lists the owner's own team as member and current", async () => {
    const c = await coach(t, 'owncoach', 'Lynx');
    expect((await teams(c.headers)).json()).toEqual([{ username: 'owncoach', channel: 'main', description: 'Lynx', member: true, current: true }]);
    expect((await join(c.headers, 'owncoach')).statusCode).toBe(200);
  });

  it('does not count an invite to an unconfirmed e-mail address, nor an expired one', async () => {
    const c = await coach(t, 'unconfcoach', 'Foxes');
    await invite(t, c, 'unconf@example.com');
    const a = await person(t, 'unconf', { email: 'unconf@example.com' });
    expect((await teams(a.headers)).json()).toEqual([]);
    const res = await join(a.headers, 'unconfcoach');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(error(403, 'FORBIDDEN', 'Forbidden', 'You have not been invited to this team.'));
    expect(await memberNames(t, 'unconfcoach')).toEqual(['unconfcoach']);
    expect((await t.sql(`SELECT accepted_at FROM invites WHERE email = 'unconf@example.com'`))[0]).toEqual({ accepted_at: null });

    await t.sql(`UPDATE identity_users SET is_email_confirmed = true WHERE id = $1`, [a.identityUserId]);
    expect((await teams(a.headers)).json()).toEqual([{ username: 'unconfcoach', channel: 'main', description: 'Foxes', member: false, current: false }]);

    await t.sql(`UPDATE invites SET expires_at = now() - interval '1 second' WHERE email = 'unconf@example.com'`);
    expect((await teams(a.headers)).json()).toEqual([]);
    expect((await join(a.headers, 'unconfcoach')).statusCode).toBe(403);
  });

  it('answers [] without a product record and 401 without a token', async () => {
    const bare = await person(t, 'listbare', { register: false });
    expect((await teams(bare.headers)).json()).toEqual([]);
    expect((await call(t, 'GET', '/api/user/teams')).statusCode).toBe(401);
  });
});

describe('PUT /api/channel/{owner}/{channel}/members', () => {
  it('refuses the uninvited (403), unknown teams (404), unregistered users (409) and no token (401)', async () => {
    await coach(t, 'joincoach', 'Sharks');
    const stranger = await person(t, 'stranger');
    const res = await join(stranger.headers, 'joincoach');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You have not been invited to this team.');
    expect(await memberNames(t, 'joincoach')).toEqual(['joincoach']);
    expect((await userRow(t, 'stranger')).active_channel_id).toBeNull();

    for (const [owner, channel] of [
      ['nobody', 'main'],
      ['joincoach', 'other'],
    ] as const) {
      const missing = await join(stranger.headers, owner, channel);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(error(404, 'NOT_FOUND', 'Not Found', 'Team not found.'));
    }
    const bare = await person(t, 'joinbare', { register: false });
    expect((await join(bare.headers, 'joincoach')).statusCode).toBe(409);
    expect((await join({}, 'joincoach')).statusCode).toBe(401);
  });

  it('accepts an empty JSON object body too', async () => {
    const c = await coach(t, 'bodycoach', 'Rays');
    const a = await person(t, 'bodyathlete');
    await invite(t, c, 'bodyathlete');
    expect((await call(t, 'PUT', '/api/channel/bodycoach/main/members', a.headers, {})).statusCode).toBe(200);
  });
});

describe('DELETE /api/channel/{owner}/{channel}/members/{username}', () => {
  it('lets the owner remove a member, clears their active team and their invites', async () => {
    const c = await coach(t, 'rmcoach', 'Orcas');
    const a = await person(t, 'rmathlete');
    await invite(t, c, 'rmathlete');
    await join(a.headers, 'rmcoach');
    expect((await userRow(t, 'rmathlete')).active_channel_id).toBe(await channelId(t, 'rmcoach'));

    const res = await remove(c.headers, 'rmcoach', 'RMathlete');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      owner: 'rmcoach',
      channel: 'main',
      description: 'Orcas',
      members: { rmcoach: { username: 'rmcoach', name: 'Casey Coach', sport: null, city: null, image: null } },
    });
    expect(await memberNames(t, 'rmcoach')).toEqual(['rmcoach']);
    expect((await userRow(t, 'rmathlete')).active_channel_id).toBeNull();
    expect(await t.sql(`SELECT 1 FROM invites WHERE channel_id = $1`, [await channelId(t, 'rmcoach')])).toEqual([]);
    expect((await team(a.headers)).json()).toEqual({ error: NOT_A_MEMBER });
    // The old invite does not let them back in; a new one does.
    expect((await join(a.headers, 'rmcoach')).statusCode).toBe(403);
    await invite(t, c, 'rmathlete');
    expect((await join(a.headers, 'rmcoach')).statusCode).toBe(200);
  });

  it('withdraws a pending invite of someone who has not joined', async () => {
    const c = await coach(t, 'wdcoach', 'Seals');
    const a = await person(t, 'wdathlete');
    await invite(t, c, 'wdathlete');
    expect((await remove(c.headers, 'wdcoach', 'wdathlete')).statusCode).toBe(200);
    expect((await teams(a.headers)).json()).toEqual([]);
    const again = await remove(c.headers, 'wdcoach', 'wdathlete');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This user is not a member of the team.');
  });

  it('refuses non-owners (403), the owner leaving (409), no token (401)', async () => {
    const c = await coach(t, 'rm2coach', 'Pumas');
    const a = await person(t, 'rm2athlete');
    const b = await person(t, 'rm2other');
    for (const name of ['rm2athlete', 'rm2other']) await invite(t, c, name);
    await join(a.headers, 'rm2coach');
    await join(b.headers, 'rm2coach');

    const byMember = await remove(a.headers, 'rm2coach', 'rm2other');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual(error(403, 'FORBIDDEN', 'Forbidden', 'Only the team owner can remove members.'));
    // Naming oneself as the owner in the path does not help.
    expect((await remove(a.headers, 'rm2athlete', 'rm2other')).statusCode).toBe(403);

    const self = await remove(c.headers, 'rm2coach', 'rm2coach');
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual(error(409, 'CONFLICT', 'Conflict', 'The owner cannot leave their own team.'));
    expect((await remove({}, 'rm2coach', 'rm2other')).statusCode).toBe(401);
    expect((await remove(c.headers, 'rm2coach', 'ghost')).statusCode).toBe(404);
    expect(await memberNames(t, 'rm2coach')).toEqual(['rm2athlete', 'rm2coach', 'rm2other']);
  });
});

describe('tenant isolation', () => {
  it('keeps teams, usernames and invites of one tenant out of another', async () => {
    const demoCoach = await coach(t, 'isocoach', 'Demo Team');
    const eagle = await person(t, 'eagleathlete', { other: true, confirmed: true });
    const eagleCoach = await coach(t, 'eaglecoach', 'Eagles', { other: true });

    // A demo coach cannot invite a username that only exists in the other tenant.
    const byName = await invite(t, demoCoach, 'eagleathlete');
    expect(byName.statusCode).toBe(404);
    expect(byName.json()).toEqual(error(404, 'NOT_FOUND', 'Not Found', 'No user with that username.'));

    // An invite to their (confirmed) address in demo does not reach them in eagles.
    expect((await invite(t, demoCoach, eagle.email)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/user/teams', eagle.headers)).json()).toEqual([]);
    const joinOther = await call(t, 'PUT', '/api/channel/isocoach/main/members', eagle.headers);
    expect(joinOther.statusCode).toBe(404);
    const token = await inviteToken(t, eagle.email);
    expect((await call(t, 'GET', `/api/invites/${token}`, { host: 'eagles.test' })).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/invites/${token}/accept`, eagle.headers)).statusCode).toBe(404);
    expect(await memberNames(t, 'isocoach')).toEqual(['isocoach']);

    // A token of one tenant is refused on the other's host.
    const { host: _host, ...eagleTokenOnDemo } = eagle.headers;
    expect((await call(t, 'GET', '/api/user/team', eagleTokenOnDemo)).statusCode).toBe(401);
    expect((await call(t, 'PUT', '/api/channel/eaglecoach/main/members', { ...demoCoach.headers, host: 'eagles.test' })).statusCode).toBe(401);

    // Within their own tenant everything works.
    expect((await invite(t, eagleCoach, 'eagleathlete')).statusCode).toBe(200);
    const joined = await call(t, 'PUT', '/api/channel/eaglecoach/main/members', eagle.headers);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ owner: 'eaglecoach', description: 'Eagles' });
    // The demo host does not know the eagles team.
    expect((await join(demoCoach.headers, 'eaglecoach')).statusCode).toBe(404);
  });
});

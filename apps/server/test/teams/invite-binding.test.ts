import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVideo } from '../videos/helpers';
import { call, coach, invite, inviteToken, memberNames, person, teamsApp, type Person, type TeamsApp } from './helpers';

let t: TeamsApp;
beforeAll(async () => {
  t = await teamsApp({ WORKERS: '0' });
});
afterAll(async () => {
  await t.close();
});

const join = (who: Person, owner: string) => call(t, 'PUT', `/api/channel/${owner}/main/members`, who.headers);
const videoTitles = async (who: Person) => {
  const res = await call(t, 'GET', '/api/user/videos', who.headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { title: string }[]).map((v) => v.title);
};
const rename = async (who: Person, username: string) => {
  const res = await call(t, 'PUT', '/api/user/me', who.headers, { username });
  expect(res.statusCode, res.body).toBe(200);
};

describe('a username invitation belongs to the account that held the name', () => {
  it('does not pass to whoever takes the name after a rename', async () => {
    const c = await coach(t, 'bindcoach', 'Binders');
    await insertVideo(t, 'bindcoach', { title: 'Team tape' });
    const bob = await person(t, 'bob', { email: 'bob@example.com' });
    const mallory = await person(t, 'mallory');
    expect((await invite(t, c, '@bob')).statusCode).toBe(200);

    await rename(bob, 'bobby');
    await rename(mallory, 'bob');
    // Mallory sees no invitation, cannot join, and cannot read the team's videos.
    expect((await call(t, 'GET', '/api/user/teams', mallory.headers)).json()).toEqual([]);
    const stolen = await join(mallory, 'bindcoach');
    expect(stolen.statusCode, stolen.body).toBe(403);
    expect(stolen.json().message).toBe('You have not been invited to this team.');
    expect(await videoTitles(mallory)).toEqual([]);

    // Bob, under his new name, still holds the invitation.
    expect((await call(t, 'GET', '/api/user/teams', bob.headers)).json()).toEqual([
      { username: 'bindcoach', channel: 'main', description: 'Binders', member: false, current: false },
    ]);
    const joined = await join(bob, 'bindcoach');
    expect(joined.statusCode, joined.body).toBe(200);
    expect(Object.keys(joined.json().members)).toEqual(['bindcoach', 'bobby']);
    expect(await videoTitles(bob)).toEqual(['Team tape']);
    expect(await memberNames(t, 'bindcoach')).toEqual(['bindcoach', 'bobby']);
  });

  it('refuses the mailed link of a username invitation to any other account', async () => {
    const c = await coach(t, 'linkcoach', 'Linkers');
    const sam = await person(t, 'sam', { email: 'sam@example.com' });
    const eve = await person(t, 'eve');
    expect((await invite(t, c, 'sam')).statusCode).toBe(200);
    const token = await inviteToken(t, 'sam@example.com');

    const taken = await call(t, 'POST', `/api/invites/${token}/accept`, eve.headers);
    expect(taken.statusCode, taken.body).toBe(403);
    expect(taken.json().message).toBe('This invitation is for another account.');
    expect(await memberNames(t, 'linkcoach')).toEqual(['linkcoach']);

    const accepted = await call(t, 'POST', `/api/invites/${token}/accept`, sam.headers);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await memberNames(t, 'linkcoach')).toEqual(['linkcoach', 'sam']);
  });
});

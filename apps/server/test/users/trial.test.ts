import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMe } from '@app/contracts/user-me';
import { call, person, teamsApp, type TeamsApp } from '../teams/helpers';

let t: TeamsApp;
beforeAll(async () => {
  t = await teamsApp({ WORKERS: '0' });
});
afterAll(async () => {
  await t.close();
});

const preupload = (headers: Record<string, string>) =>
  call(t, 'POST', '/api/user/preupload', headers, { fileName: 'game.mp4', contentType: 'video/mp4', size: 1024 });

describe('the 8-day trial', () => {
  it('starts once per account: registering again (the same or another type) does not restart it', async () => {
    const a = await person(t, 'trialist', { type: 'athlete' });
    await t.sql(`UPDATE users SET trial_started_at = now() - interval '9 days' WHERE username = 'trialist'`);
    const expired = await preupload(a.headers);
    expect(expired.statusCode, expired.body).toBe(403);
    expect(expired.json().message).toBe('Your subscription does not include this.');

    const again = await call(t, 'POST', '/api/user/me', a.headers, { username: 'trialist', type: 'athlete' });
    expect(again.statusCode, again.body).toBe(200);
    const record = userMe.parse(again.json());
    expect(Date.now() - Date.parse(record.updatedAt!)).toBeGreaterThan(9 * 86_400_000 - 60_000);

    const still = await preupload(a.headers);
    expect(still.statusCode, still.body).toBe(403);
    expect((await call(t, 'GET', '/api/user/me', a.headers)).json().updatedAt).toBe(record.updatedAt);

    const asCoach = await call(t, 'POST', '/api/user/me', a.headers, { username: 'trialist', type: 'team' });
    expect(asCoach.statusCode, asCoach.body).toBe(200);
    expect(asCoach.json().updatedAt).toBe(record.updatedAt);
    expect((await preupload(a.headers)).statusCode).toBe(403);
    const profile = await call(t, 'PUT', '/api/user/me', a.headers, { city: 'Oslo' });
    expect(profile.json().updatedAt).toBe(record.updatedAt);
    expect((await preupload(a.headers)).statusCode).toBe(403);
  });
});

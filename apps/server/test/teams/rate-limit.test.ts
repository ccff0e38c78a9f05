import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, teamsApp, type TeamsApp } from './helpers';

let t: TeamsApp;
beforeAll(async () => {
  t = await teamsApp({ AUTH_RATE_LIMIT: '3' });
});
afterAll(async () => {
  await t.close();
});

describe('invitation link guessing', () => {
  it('is rate-limited per client on the public preview', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(t, 'GET', `/api/invites/guess${i}`)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const res = await call(t, 'GET', '/api/invites/guess');
    expect(res.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, coach, expectError, person, videosApp, type Person, type TeamsApp } from './events-helpers';

let t: TeamsApp;
let fan: Person;
let other: Person;

beforeAll(async () => {
  t = await videosApp();
  await coach(t, 'flcoach', 'Falcons');
  fan = await person(t, 'flfan', { type: 'fan' });
  other = await coach(t, 'flother', 'Elsewhere', { other: true });
});
afterAll(() => t?.close());

const url = (owner = 'flcoach', channel = 'main') => `/api/teams/${owner}/${channel}/follow`;
const follows = async () => (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM team_follows`))[0]!.n;

describe('following a team', () => {
  it('follows, reads the state and unfollows, each twice without harm', async () => {
    expect((await call(t, 'GET', url(), fan.headers)).json()).toEqual({ following: false });
    for (let i = 0; i < 2; i++) {
      const res = await call(t, 'PUT', url('FLCOACH'), fan.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ following: true });
    }
    expect(await follows()).toBe(1);
    expect((await call(t, 'GET', url(), fan.headers)).json()).toEqual({ following: true });
    for (let i = 0; i < 2; i++) expect((await call(t, 'DELETE', url(), fan.headers)).json()).toEqual({ following: false });
    expect(await follows()).toBe(0);
  });

  it('404 for an unknown team or channel and for a team of another tenant; 401 without a token', async () => {
    expectError(await call(t, 'PUT', url('nobody'), fan.headers), 404, 'Team not found.');
    expectError(await call(t, 'PUT', url('flcoach', 'reserves'), fan.headers), 404, 'Team not found.');
    expectError(await call(t, 'PUT', url('flother'), fan.headers), 404, 'Team not found.');
    expectError(await call(t, 'PUT', url('flcoach'), other.headers), 404, 'Team not found.');
    for (const method of ['PUT', 'DELETE', 'GET'] as const) expectError(await call(t, method, url()), 401);
    expect(await follows()).toBe(0);
  });
});

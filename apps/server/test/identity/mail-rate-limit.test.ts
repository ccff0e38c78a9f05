import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coach, teamsApp, type TeamsApp } from '../teams/helpers';

// MAIL_RATE_LIMIT=2: two anonymous messages per IP per 15 minutes, and a coach's invites up to 20 in the same count.
let t: TeamsApp;
beforeAll(async () => {
  t = await teamsApp({ MAIL_RATE_LIMIT: '2' });
});
afterAll(() => t.close());

const post = (ip: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
const link = (ip: string, email = 'someone@example.com') => post(ip, '/v0/tenants/demo/auth/link', { email });
const code = (ip: string) => post(ip, '/v0/tenants/demo/auth/code', { channel: 'email', email: 'someone@example.com' });
const reset = (ip: string) => post(ip, '/v0/tenants/demo/auth/reset/link', { email: 'someone@example.com' });

describe('the per-IP mail limit', () => {
  it('counts links, codes and resets together', async () => {
    expect((await link('10.0.0.1')).statusCode).toBe(200);
    expect((await code('10.0.0.1')).statusCode).toBe(200);
    for (const res of [await reset('10.0.0.1'), await link('10.0.0.1'), await code('10.0.0.1')]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 15 minutes and try again.' });
    }
    // Another client has its own count.
    expect((await reset('10.0.0.9')).statusCode).toBe(200);
  });

  it('is counted atomically: concurrent requests let exactly the limit through', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => link('10.0.0.3', `burst${i}@example.com`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429, 429, 429, 429]);
  });

  it("lets a signed-in coach invite a roster of 20, which the same IP's sign-in mail then shares", async () => {
    const owner = await coach(t, 'rostercoach', 'Roster');
    const invite = (i: number) => t.app.inject({ method: 'PUT', url: '/api/channel/rostercoach/main/invites', headers: owner.headers, payload: { member: `player${i}@example.com` }, remoteAddress: '10.0.0.2' });
    expect((await link('10.0.0.2')).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++) statuses.push((await invite(i)).statusCode);
    expect(statuses).toEqual([...Array(19).fill(200), 429]);
    expect(await t.sent('player19@example.com')).toHaveLength(1);
    expect(await t.sent('player20@example.com')).toHaveLength(0);
    expect((await link('10.0.0.2')).statusCode).toBe(429);
  });
});

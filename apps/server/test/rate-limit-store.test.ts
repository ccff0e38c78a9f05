import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/app';
import { rateLimitCounters } from '../src/db/schema';
import { incrementCounter, sweepRateLimitCounters } from '../src/plugins/rate-limit-store';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
/** A second web node: its own Fastify instance (its own plugin state), the same database. */
let otherNode: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '3' });
  otherNode = await build(t.config, t.runtime);
});
afterAll(async () => {
  await otherNode.close();
  await t.close();
});

const wrongSignIn = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/v0/tenants/demo/auth/basic', payload: { emailOrUsername: 'nobody@example.com', password: 'not-the-password' } });

describe('rate limits shared through PostgreSQL', () => {
  it('two web nodes count against one limit: the fourth attempt, on either node, is refused', async () => {
    expect((await wrongSignIn(t.app)).statusCode).toBe(401);
    expect((await wrongSignIn(otherNode)).statusCode).toBe(401);
    expect((await wrongSignIn(t.app)).statusCode).toBe(401);
    const limited = await wrongSignIn(otherNode);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await wrongSignIn(t.app)).statusCode).toBe(429);
  });

  it('counts each route on its own', async () => {
    // The sign-in limit is used up above; asking for a password reset link is another route.
    const reset = await t.app.inject({ method: 'POST', url: '/v0/tenants/demo/auth/reset/link', payload: { email: 'nobody@example.com' } });
    expect(reset.statusCode).not.toBe(429);
  });

  it('starts a new window once the old one has ended, and the sweep removes only ended windows', async () => {
    const db = t.runtime.db;
    expect(await incrementCounter(db, 'test|a', 60_000)).toMatchObject({ current: 1 });
    const second = await incrementCounter(db, 'test|a', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);

    await db.update(rateLimitCounters).set({ expiresAt: sql`now() - interval '1 second'` }).where(sql`${rateLimitCounters.key} = 'test|a'`);
    expect(await incrementCounter(db, 'test|a', 60_000)).toMatchObject({ current: 1 });

    await incrementCounter(db, 'test|ended', 60_000);
    await db.update(rateLimitCounters).set({ expiresAt: sql`now() - interval '1 second'` }).where(sql`${rateLimitCounters.key} = 'test|ended'`);
    expect(await sweepRateLimitCounters(db)).toBe(1);
    const keys = (await db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key);
    expect(keys).toContain('test|a');
    expect(keys).not.toContain('test|ended');
  });

  it('counts concurrent requests exactly (one atomic upsert per request)', async () => {
    const db = t.runtime.db;
    const results = await Promise.all(Array.from({ length: 20 }, () => incrementCounter(db, 'test|burst', 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Level } from '@app/contracts/levels';
import { computeLevel, RECENCY_WINDOW_MS } from '../../src/modules/billing/usage';
import { loadBillingConfig } from '../../src/config/billing';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createTestBilling } from './helpers';

let t: TestApp;
let seq = 0;
const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Case {
  name: string;
  /** undefined: no product user record. */
  user?: { type: string | null; trialAgoMs: number };
  subs?: { type: string; status: string; createdAgoMs?: number }[];
  expected: Level;
}

const cases: Case[] = [
  { name: 'missing user record', expected: 'none' },
  { name: 'empty list, no type', user: { type: null, trialAgoMs: 0 }, expected: 'none' },
  { name: 'empty list, fresh team record', user: { type: 'team', trialAgoMs: DAY }, expected: 'team' },
  { name: 'empty list, fresh athlete record', user: { type: 'athlete', trialAgoMs: DAY }, expected: 'athlete' },
  { name: 'empty list, fresh fan record is not eligible', user: { type: 'fan', trialAgoMs: DAY }, expected: 'none' },
  { name: 'empty list, team trial started exactly 8 days ago (inside)', user: { type: 'team', trialAgoMs: RECENCY_WINDOW_MS }, expected: 'team' },
  { name: 'empty list, team trial started 8 days minus 1 s ago', user: { type: 'team', trialAgoMs: RECENCY_WINDOW_MS - 1000 }, expected: 'team' },
  { name: 'empty list, team trial started 8 days plus 1 s ago', user: { type: 'team', trialAgoMs: RECENCY_WINDOW_MS + 1000 }, expected: 'none' },
  { name: 'empty list, athlete trial started 8 days plus 1 ms ago', user: { type: 'athlete', trialAgoMs: RECENCY_WINDOW_MS + 1 }, expected: 'none' },
  { name: 'team subscription', user: { type: 'fan', trialAgoMs: 30 * DAY }, subs: [{ type: 'team', status: 'active' }], expected: 'team' },
  { name: 'athlete subscription', user: { type: 'team', trialAgoMs: 0 }, subs: [{ type: 'athlete', status: 'active' }], expected: 'athlete' },
  { name: 'fan subscription beats a fresh team record', user: { type: 'team', trialAgoMs: 0 }, subs: [{ type: 'fan', status: 'active' }], expected: 'fan' },
  { name: 'past_due subscription still counts', user: { type: null, trialAgoMs: 0 }, subs: [{ type: 'fan', status: 'past_due' }], expected: 'fan' },
  { name: 'canceled subscription ignored -> none', user: { type: 'fan', trialAgoMs: 0 }, subs: [{ type: 'team', status: 'canceled' }], expected: 'none' },
  { name: 'canceled subscription ignored -> fresh record', user: { type: 'athlete', trialAgoMs: 0 }, subs: [{ type: 'team', status: 'canceled' }], expected: 'athlete' },
  {
    name: 'first item: newest active',
    user: { type: null, trialAgoMs: 0 },
    subs: [
      { type: 'fan', status: 'active', createdAgoMs: 2 * DAY },
      { type: 'athlete', status: 'active', createdAgoMs: DAY },
    ],
    expected: 'athlete',
  },
  {
    name: 'first item: active before past_due',
    user: { type: null, trialAgoMs: 0 },
    subs: [
      { type: 'fan', status: 'active', createdAgoMs: 2 * DAY },
      { type: 'team', status: 'past_due', createdAgoMs: DAY },
    ],
    expected: 'fan',
  },
  { name: 'unknown item type counts as none', user: { type: 'team', trialAgoMs: 0 }, subs: [{ type: 'gold', status: 'active' }], expected: 'none' },
];

async function arrange(c: Case): Promise<number> {
  const q = t.runtime.db.$client;
  const n = ++seq;
  const { rows } = await q.query(`INSERT INTO identity_users (tenant_id, email, username) VALUES ('demo', $1, $2) RETURNING id`, [`lvl${n}@example.com`, `lvl${n}`]);
  const identityUserId = rows[0].id as number;
  if (!c.user) return identityUserId;
  const trialStartedAt = new Date(NOW.getTime() - c.user.trialAgoMs);
  const user = await q.query(
    `INSERT INTO users (tenant_id, identity_user_id, username, type, trial_started_at) VALUES ('demo', $1, $2, $3, $4) RETURNING id`,
    [identityUserId, `lvl${n}`, c.user.type, trialStartedAt],
  );
  for (const s of c.subs ?? []) {
    await q.query(`INSERT INTO subscriptions (tenant_id, user_id, type, provider, status, created_at) VALUES ('demo', $1, $2, 'local', $3, $4)`, [
      user.rows[0].id,
      s.type,
      s.status,
      new Date(NOW.getTime() - (s.createdAgoMs ?? 0)),
    ]);
  }
  return identityUserId;
}

const levelOf = (tenantId: string, identityUserId: number) =>
  createTestBilling(t, { config: loadBillingConfig({ NODE_ENV: 'test' }), now: () => NOW }).level({ tenantId, identityUserId });

describe('the subscription level', () => {
  it.each(cases)('$name -> $expected', async (c) => {
    const identityUserId = await arrange(c);
    expect(await levelOf('demo', identityUserId)).toBe(c.expected);
  });

  it('looks only in the given tenant', async () => {
    const identityUserId = await arrange({ name: 'x', user: { type: 'team', trialAgoMs: 0 }, subs: [{ type: 'team', status: 'active' }], expected: 'team' });
    expect(await levelOf('other', identityUserId)).toBe('none');
  });
});

describe('computeLevel', () => {
  it.each([
    { items: [], user: undefined, expected: 'none' },
    { items: [{ type: 'team' }, { type: 'fan' }], user: undefined, expected: 'team' },
    { items: [], user: { type: 'team', trialStartedAt: new Date(NOW.getTime() - RECENCY_WINDOW_MS) }, expected: 'team' },
    { items: [], user: { type: 'team', trialStartedAt: new Date(NOW.getTime() - RECENCY_WINDOW_MS - 1) }, expected: 'none' },
    { items: [], user: { type: 'team', trialStartedAt: null }, expected: 'none' },
  ] as const)('$items.length items, user $user.type -> $expected', ({ items, user, expected }) => {
    expect(computeLevel(items, user, NOW)).toBe(expected);
  });
});

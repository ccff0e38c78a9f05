import type { Plan, PlansResponse, UsageResponse } from '@app/contracts/billing';
import type { PublicConfig } from '@app/contracts/config';

import type { Session } from '@/lib/auth/session';

export const testConfig: PublicConfig = {
  tenantId: 'tenant1',
  mode: 'test',
  identityBaseUrl: 'http://localhost:3000/v0/',
  ingestUrl: 'rtmp://localhost:1935/live',
  billing: { provider: 'local' },
};

export const signedInSession: Session = {
  accessToken: 'header.payload.signature',
  isLoggedIn: true,
  userId: 1,
};

/** A `GET /api/user/usage` body with one active item per type (the first is the subscription). */
export function usageOf(...types: string[]): UsageResponse {
  const items = types.map((type) => ({
    type,
    status: 'active',
    provider: 'local' as const,
    currentPeriodEnd: '2025-07-15T12:00:00.000Z',
    cancelAtPeriodEnd: false,
  }));
  return { items, subscription: items[0] ?? null };
}

/** The three plans (team, athlete, fan), as `GET /api/billing/plans` lists them. */
export const testPlans: Plan[] = [
  { type: 'team', name: 'Team', price: '$29.99', interval: 'month', features: ['Team dashboard', 'Stream key'] },
  { type: 'athlete', name: 'Athlete', price: '$9.99', interval: 'month', features: ['Uploads', 'Athlete profile'] },
  { type: 'fan', name: 'Fan', price: '$4.99', interval: 'month', features: ['Live streams'] },
];

/** `GET /api/billing/plans` with the built-in test-mode billing. */
export const localPlans: PlansResponse = { provider: 'local', testMode: true, plans: testPlans };

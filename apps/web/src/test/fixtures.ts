import type { UsageResponse } from '@app/contracts/billing';
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

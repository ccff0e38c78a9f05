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

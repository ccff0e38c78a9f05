import { vi } from 'vitest';

import { createAuthClient } from '@/lib/auth/auth-client';
import type { AuthClientOptions } from '@/lib/auth/auth-types';

/** The identity API paths of the test tenant. */
export const base = '/v0/tenants/tenant1';

/** An auth client of tenant1 with spies for in-app navigation and leaving the app, and a given address query. */
export function client(options: Partial<AuthClientOptions> & { search?: string } = {}) {
  const navigate = vi.fn<(path: string) => void>();
  const assign = vi.fn<(url: string) => void>();
  const { search = '', ...rest } = options;
  const auth = createAuthClient({
    tenantId: 'tenant1',
    baseUrl: 'http://localhost:3000/v0/',
    navigate,
    assign,
    getSearch: () => search,
    ...rest,
  });
  return { auth, navigate, assign };
}

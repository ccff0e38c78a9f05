import { publicConfig, type PublicConfig } from '@app/contracts/config';

import { createApiClient, type ApiClient } from '@/lib/api-client';

/** `GET /api/config`: public, loaded once at boot; the tenant id it carries names the session cookies. */
export function getPublicConfig(
  signal?: AbortSignal,
  api: ApiClient = createApiClient(),
): Promise<PublicConfig> {
  return api.request('/api/config', { schema: publicConfig, signal });
}

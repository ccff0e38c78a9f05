import { createContext, useContext } from 'react';

import { createApiClient, type ApiClient } from '@/lib/api-client';

/**
 * The signed-in API client (the app provider builds it with the session's token source).
 * The default is token-less so public calls work anywhere; tests inject a fake client here.
 */
export const ApiClientContext = createContext<ApiClient>(createApiClient());

export function useApiClient(): ApiClient {
  return useContext(ApiClientContext);
}

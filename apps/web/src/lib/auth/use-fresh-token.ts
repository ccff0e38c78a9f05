import { useCallback } from 'react';

import type { AuthClient } from '@/lib/auth/auth-client';
import { useAuth } from '@/lib/auth/auth-context';
import { decodeJwtPayload } from '@/lib/auth/session';

/** Renew a little before expiry: a chunk sent with a token that expires in flight would be refused. */
const MARGIN_MS = 60_000;

/**
 * The access token for requests made outside the API client (tus sends its own requests, each
 * with `Authorization: Bearer`; a WebSocket or an EventSource carries it in its URL): a large upload
 * or a long stream outlives a token, so it is renewed through the session's refresh when close to expiry.
 */
export function useFreshToken() {
  const auth = useAuth();
  return useCallback(() => freshToken(auth), [auth]);
}

/** The access token, renewed first when close to expiry, or when it is `rejected` (the server refused it). */
export async function freshToken(auth: AuthClient, rejected?: string): Promise<string | null> {
  const token = auth.getAccessToken();
  const exp = token ? decodeJwtPayload(token)?.exp : undefined;
  if (token && token !== rejected && typeof exp === 'number' && exp * 1000 - Date.now() > MARGIN_MS) return token;
  await auth.refresh({ staleToken: rejected ?? token });
  return auth.getAccessToken();
}

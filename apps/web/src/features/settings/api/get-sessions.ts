import { sessionsResponse, type SessionsResponse } from '@app/contracts/identity-account';
import { useQuery } from '@tanstack/react-query';

import type { AuthClient } from '@/lib/auth/auth-client';
import { useAuth } from '@/lib/auth/auth-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /v0/self/sessions`: where the account is signed in; `current` marks this device. */
export function getSessions(auth: AuthClient, signal?: AbortSignal): Promise<SessionsResponse> {
  return auth.request('self/sessions', { schema: sessionsResponse, signal });
}

export function useSessions() {
  const auth = useAuth();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.identity.sessions(session.userId ?? session.userUuid),
    queryFn: ({ signal }) => getSessions(auth, signal),
    enabled: session.isLoggedIn,
  });
}

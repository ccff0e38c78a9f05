import { selfResponse, type SelfResponse } from '@app/contracts/identity-account';
import { useQuery } from '@tanstack/react-query';

import type { AuthClient } from '@/lib/auth/auth-client';
import { useAuth } from '@/lib/auth/auth-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `GET /v0/self`: the identity account (email, MFA flag, ...). */
export function getSelf(auth: AuthClient, signal?: AbortSignal): Promise<SelfResponse> {
  return auth.request('self', { schema: selfResponse, signal });
}

export function useSelf() {
  const auth = useAuth();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.identity.self(session.userId ?? session.userUuid),
    queryFn: ({ signal }) => getSelf(auth, signal),
    enabled: session.isLoggedIn,
  });
}

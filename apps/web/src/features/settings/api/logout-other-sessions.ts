import { logoutOthersResponse, type LogoutOthersResponse } from '@app/contracts/identity-account';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { AuthClient } from '@/lib/auth/auth-client';
import { useAuth } from '@/lib/auth/auth-context';
import { queryKeys } from '@/lib/query-keys';

/** `POST /v0/auth/logout/others`: ends every session of the account but this one. */
export function logoutOtherSessions(auth: AuthClient): Promise<LogoutOthersResponse> {
  return auth.request('auth/logout/others', { method: 'POST', schema: logoutOthersResponse });
}

export function useLogoutOtherSessions() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logoutOtherSessions(auth),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.identity.all() }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { AuthClient } from '@/lib/auth/auth-client';
import { useAuth } from '@/lib/auth/auth-context';
import { queryKeys } from '@/lib/query-keys';

export type ChangePasswordInput = { existingPassword: string; password: string };

/** `PUT /v0/tenants/{tenantId}/auth/basic` with the access token: other sessions end, this one stays. */
export async function changePassword(auth: AuthClient, { existingPassword, password }: ChangePasswordInput) {
  await auth.updatePassword({ method: 'jwt', existingPassword, password });
}

export function useChangePassword() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => changePassword(auth, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.identity.all() }),
  });
}

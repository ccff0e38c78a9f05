import { totpEnrolmentResponse, type TotpEnrolmentResponse } from '@app/contracts/identity-account';
import { okResponse, type OkResponse } from '@app/contracts/identity-responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { AuthClient } from '@/lib/auth/auth-client';
import { useAuth } from '@/lib/auth/auth-context';
import { queryKeys } from '@/lib/query-keys';

/** `GET /v0/auth/totp`: a new secret, its QR code and backup codes. Nothing is active until confirmed. */
export function startTotpEnrolment(auth: AuthClient): Promise<TotpEnrolmentResponse> {
  return auth.request('auth/totp', { schema: totpEnrolmentResponse });
}

/** `POST /v0/tenants/{tenantId}/auth/totp` with the access token and a code: turns two-factor on. */
export function confirmTotpEnrolment(auth: AuthClient, totpCode: string): Promise<OkResponse> {
  return auth.credentialRequest(auth.tenantPath('auth/totp'), { method: 'POST', body: { totpCode }, schema: okResponse });
}

/** `DELETE /v0/auth/totp` with a current code: turns two-factor off. */
export function disableTotp(auth: AuthClient, totpCode: string): Promise<OkResponse> {
  return auth.credentialRequest('auth/totp', { method: 'DELETE', body: { totpCode }, schema: okResponse });
}

export function useStartTotpEnrolment() {
  const auth = useAuth();
  return useMutation({ mutationFn: () => startTotpEnrolment(auth) });
}

export function useConfirmTotpEnrolment() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (totpCode: string) => confirmTotpEnrolment(auth, totpCode),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.identity.all() }),
  });
}

export function useDisableTotp() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (totpCode: string) => disableTotp(auth, totpCode),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.identity.all() }),
  });
}

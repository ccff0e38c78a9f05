import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import type { AuthResult } from '@/lib/auth/auth-types';
import { redirectQueryParam } from '@/lib/auth/redirect';

/**
 * For public pages that sign in (login, reset, register): `active` from the start of a sign-in call
 * until the page is left, so the page's own "already signed in" redirect does not race the client's
 * after-sign-in navigation. Reset when the call fails or needs another step.
 */
export function useSignInFlow() {
  const [active, setActive] = useState(false);
  const navigate = useNavigate();
  const { search } = useLocation();

  const run = useCallback(
    async (signIn: () => Promise<AuthResult>, { navigateAfter = true }: { navigateAfter?: boolean } = {}): Promise<AuthResult> => {
      setActive(true);
      try {
        const result = await signIn();
        if (result.kind === 'mfa-required' || result.kind === 'message-sent') setActive(false);
        // The client only navigates when the server names a `redirectTo`; without one, go on here
        // (unless the page moves on by itself, like registration).
        if (navigateAfter && result.kind === 'signed-in' && result.response.redirectTo === undefined) {
          void navigate(redirectQueryParam(search) ?? '/', { replace: true });
        }
        return result;
      } catch (error) {
        setActive(false);
        throw error;
      }
    },
    [navigate, search],
  );

  return { active, run };
}

import { createContext, useContext, useSyncExternalStore } from 'react';

import type { AuthClient } from '@/lib/auth/auth-client';
import type { AuthState } from '@/lib/auth/auth-types';

/** The tenant's auth client; the app's SessionProvider builds it, tests inject their own. */
export const AuthClientContext = createContext<AuthClient | null>(null);

export function useAuth(): AuthClient {
  const auth = useContext(AuthClientContext);
  if (!auth) throw new Error('useAuth must be used below the SessionProvider');
  return auth;
}

/** The client's state, re-rendering on change. */
export function useAuthState(): AuthState {
  const auth = useAuth();
  return useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
}

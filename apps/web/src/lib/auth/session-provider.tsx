import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';

import { useConfig } from '@/config/config-context';
import { createAuthClient, type AuthClient } from '@/lib/auth/auth-client';
import { AuthClientContext } from '@/lib/auth/auth-context';
import {
  SessionContext,
  hasSessionHint,
  notifySessionChange,
  readAccessToken,
  sessionFromToken,
  subscribeToSession,
} from '@/lib/auth/session';

// setTimeout overflows above 2^31-1 ms (~24.8 days) and would fire at once.
const MAX_TIMEOUT_MS = 2_147_483_647;
/** Renew this long before the access token expires, so pages never see a signed-out gap. */
const REFRESH_AHEAD_MS = 60_000;

type SessionProviderProps = {
  children: React.ReactNode;
  /** In-app navigation after sign-in (the router's); a full page load without it. */
  navigate?: (path: string) => void;
  /** A ready-made client (tests); otherwise one is built for the configured tenant. */
  auth?: AuthClient;
};

/**
 * The cookie session of the configured tenant and its auth client. On start: a valid access cookie
 * means signed in; otherwise, when the `session.<tenantId>` hint says a refresh cookie exists, one
 * refresh is attempted and the session is "pending" until it answers. While signed
 * in, the token is renewed shortly before it expires.
 */
export function SessionProvider({ children, navigate, auth: injected }: SessionProviderProps) {
  const { tenantId, identityBaseUrl } = useConfig();
  const auth = useMemo(
    () => injected ?? createAuthClient({ tenantId, baseUrl: identityBaseUrl, navigate }),
    [injected, tenantId, identityBaseUrl, navigate],
  );
  const getSnapshot = useCallback(() => readAccessToken(tenantId), [tenantId]);
  const token = useSyncExternalStore(subscribeToSession, getSnapshot, () => null);
  const [refreshing, setRefreshing] = useState(() => token === null && hasSessionHint(tenantId));

  // Keep the client's in-memory tokens in step with the cookies (another tab may have changed them).
  useEffect(() => auth.syncFromCookies(), [auth, token]);

  // No valid token but a refresh cookie: one attempt per signed-out spell (the client dedupes
  // concurrent calls, so StrictMode's double effect still makes one request).
  useEffect(() => {
    // Synchronous on purpose: the refresh cookie hint (outside React) decides, and a new signed-out spell
    // must read as pending before the first paint, or a protected page would redirect to /login.
    if (token !== null || !hasSessionHint(tenantId)) {
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setRefreshing(false);
      return;
    }
    let current = true;
    setRefreshing(true);
    void auth.refresh({ staleToken: null }).finally(() => {
      if (current) setRefreshing(false);
    });
    return () => {
      current = false;
    };
  }, [auth, tenantId, token]);

  const session = useMemo(
    () => (token === null && refreshing ? { ...sessionFromToken(null), isPending: true } : sessionFromToken(token)),
    [token, refreshing],
  );

  // Renew ahead of expiry (with a little jitter so several tabs do not all ask at once), and
  // re-read at `exp` in case that failed: the token stops being valid then whatever happens.
  const exp = session.payload?.exp;
  useEffect(() => {
    if (typeof exp !== 'number') return;
    const untilExpiry = exp * 1000 - Date.now();
    const expiryTimer = window.setTimeout(notifySessionChange, Math.min(Math.max(untilExpiry, 0) + 50, MAX_TIMEOUT_MS));
    const renewIn = Math.max(untilExpiry - REFRESH_AHEAD_MS - Math.random() * 10_000, 0);
    const renewTimer =
      renewIn < MAX_TIMEOUT_MS
        ? window.setTimeout(() => {
            if (hasSessionHint(tenantId)) void auth.refresh();
          }, renewIn)
        : undefined;
    return () => {
      window.clearTimeout(expiryTimer);
      window.clearTimeout(renewTimer);
    };
  }, [auth, exp, tenantId]);

  return (
    <AuthClientContext.Provider value={auth}>
      <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
    </AuthClientContext.Provider>
  );
}

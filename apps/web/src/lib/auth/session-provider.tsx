import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';

import { useConfig } from '@/config/config-context';
import {
  SessionContext,
  notifySessionChange,
  readAccessToken,
  sessionFromToken,
  subscribeToSession,
} from '@/lib/auth/session';

// setTimeout overflows above 2^31-1 ms (~24.8 days) and would fire at once.
const MAX_TIMEOUT_MS = 2_147_483_647;

/** Exposes the cookie session of the configured tenant; re-reads it on change and at expiry. */
export function SessionProvider({ children }: { children: React.ReactNode }) {
  const { tenantId } = useConfig();
  const getSnapshot = useCallback(() => readAccessToken(tenantId), [tenantId]);
  const token = useSyncExternalStore(subscribeToSession, getSnapshot, () => null);
  const session = useMemo(() => sessionFromToken(token), [token]);

  // The token stops being valid at `exp` even if nothing else happens: re-read then.
  const exp = session.payload?.exp;
  useEffect(() => {
    if (typeof exp !== 'number') return;
    const delay = Math.min(Math.max(exp * 1000 - Date.now(), 0) + 50, MAX_TIMEOUT_MS);
    const timer = window.setTimeout(notifySessionChange, delay);
    return () => window.clearTimeout(timer);
  }, [exp]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

import { useMemo } from 'react';

import { ConfigGate } from '@/app/config-gate';
import { ThemeProvider } from '@/components/theme-provider';
import { createApiClient } from '@/lib/api-client';
import { ApiClientContext } from '@/lib/api-client-context';
import { useAuth } from '@/lib/auth/auth-context';
import { SessionProvider } from '@/lib/auth/session-provider';

/**
 * The product API client for this tenant: reads the access cookie at each call, so it never holds a
 * stale token, and on a 401 refreshes the session once and retries once.
 */
function TenantApiClient({ children }: { children: React.ReactNode }) {
  const auth = useAuth();
  const client = useMemo(
    () =>
      createApiClient({
        getAccessToken: auth.getAccessToken,
        refresh: (rejected) => auth.refresh({ staleToken: rejected }),
      }),
    [auth],
  );
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

type AppProviderProps = {
  children: React.ReactNode;
  /** The router's navigate, so a sign-in moves on inside the app instead of reloading it. */
  navigate?: (path: string) => void;
};

/**
 * What every route relies on, outermost first: theme (also styles the boot screens), config,
 * session and auth client, API. The query cache and the subscription level belong to the
 * signed-in app only: they load with the main layout (`app/routes/main-route.tsx`), which keeps
 * TanStack Query out of the sign-in page's JavaScript.
 */
export function AppProvider({ children, navigate }: AppProviderProps) {
  return (
    <ThemeProvider>
      <ConfigGate>
        <SessionProvider navigate={navigate}>
          <TenantApiClient>{children}</TenantApiClient>
        </SessionProvider>
      </ConfigGate>
    </ThemeProvider>
  );
}

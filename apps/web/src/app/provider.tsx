import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';

import { ConfigGate } from '@/app/config-gate';
import { LevelProvider } from '@/app/level-provider';
import { ThemeProvider } from '@/components/theme-provider';
import { useConfig } from '@/config/config-context';
import { createApiClient } from '@/lib/api-client';
import { ApiClientContext } from '@/lib/api-client-context';
import { readAccessToken } from '@/lib/auth/session';
import { SessionProvider } from '@/lib/auth/session-provider';
import { createQueryClient } from '@/lib/query-client';

/** The API client for this tenant: reads the access cookie at each call, so it never holds a stale token. */
function TenantApiClient({ children }: { children: React.ReactNode }) {
  const { tenantId } = useConfig();
  const client = useMemo(
    () => createApiClient({ getAccessToken: () => readAccessToken(tenantId) }),
    [tenantId],
  );
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

/** Everything the routes rely on, outermost first: theme (also styles the boot screens), cache, config, session, API, level. */
export function AppProvider({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <ConfigGate>
          <SessionProvider>
            <TenantApiClient>
              <LevelProvider>{children}</LevelProvider>
            </TenantApiClient>
          </SessionProvider>
        </ConfigGate>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

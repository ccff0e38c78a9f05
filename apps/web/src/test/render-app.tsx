import type { PublicConfig } from '@app/contracts/config';
import type { Level } from '@app/contracts/levels';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';

import { routes as appRoutes } from '@/app/router';
import { ThemeProvider } from '@/components/theme-provider';
import { ConfigContext } from '@/config/config-context';
import { createAuthClient, type AuthClient } from '@/lib/auth/auth-client';
import { AuthClientContext } from '@/lib/auth/auth-context';
import { SessionContext, signedOut, type Session } from '@/lib/auth/session';
import { SessionProvider } from '@/lib/auth/session-provider';
import { LevelContext } from '@/lib/subscription/level-context';
import { testConfig } from '@/test/fixtures';

type Options = {
  /** A fixed session, or 'cookies' for the real SessionProvider reading the test's cookies. */
  session?: Session | 'cookies';
  level?: Level;
  routes?: RouteObject[];
  /** Defaults to a real client for `testConfig` whose navigation goes to the memory router. */
  auth?: AuthClient;
  /** What `/api/config` answered; `testConfig` by default. */
  config?: PublicConfig;
};

/** Renders routes (the app's by default) in memory, with the session, level and auth client injected. */
export function renderApp(
  path: string,
  { session = signedOut, level, routes = appRoutes, auth: injected, config = testConfig }: Options = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  /** Where the client sent the browser away (providers, native apps): jsdom cannot navigate. */
  const assign = vi.fn<(url: string) => void>();
  const auth =
    injected ??
    createAuthClient({
      tenantId: testConfig.tenantId,
      baseUrl: testConfig.identityBaseUrl,
      navigate: (to) => void router.navigate(to),
      assign,
      getSearch: () => router.state.location.search,
    });
  const app = <RouterProvider router={router} />;
  const result = render(
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <ConfigContext.Provider value={config}>
          <LevelContext.Provider value={level}>
            {session === 'cookies' ? (
              <SessionProvider auth={auth}>{app}</SessionProvider>
            ) : (
              <AuthClientContext.Provider value={auth}>
                <SessionContext.Provider value={session}>{app}</SessionContext.Provider>
              </AuthClientContext.Provider>
            )}
          </LevelContext.Provider>
        </ConfigContext.Provider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { router, auth, assign, queryClient, ...result };
}

import type { Level } from '@app/contracts/levels';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

import { routes as appRoutes } from '@/app/router';
import { ThemeProvider } from '@/components/theme-provider';
import { ConfigContext } from '@/config/config-context';
import { SessionContext, signedOut, type Session } from '@/lib/auth/session';
import { LevelContext } from '@/lib/subscription/level-context';
import { testConfig } from '@/test/fixtures';

type Options = {
  session?: Session;
  level?: Level;
  routes?: RouteObject[];
};

/** Renders routes (the app's by default) in memory, with the session and level injected. */
export function renderApp(path: string, { session = signedOut, level, routes = appRoutes }: Options = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <ConfigContext.Provider value={testConfig}>
          <SessionContext.Provider value={session}>
            <LevelContext.Provider value={level}>
              <RouterProvider router={router} />
            </LevelContext.Provider>
          </SessionContext.Provider>
        </ConfigContext.Provider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { router, ...result };
}

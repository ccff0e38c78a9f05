import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { LevelProvider } from '@/app/level-provider';
import { routes as appRoutes } from '@/app/router';
import { ConfigContext } from '@/config/config-context';
import { NO_SUBSCRIPTION_MESSAGE } from '@/features/upload/components/test-video-offer';
import { SessionContext } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { localPlans, signedInSession, testConfig, usageOf } from '@/test/fixtures';

// The whole app (router, level): a subscription on /subscribe moves the user to the page of the new level.

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ConfigContext.Provider value={testConfig}>
        <SessionContext.Provider value={signedInSession}>
          <LevelProvider>
            {/* What react-router/dom's provider adds (that entry point resolves to another copy under Vitest). */}
            <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
          </LevelProvider>
        </SessionContext.Provider>
      </ConfigContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

describe('/subscribe with the real level', () => {
  it('offers an athlete past the 8-day trial (level none) the pricing table and the test video', async () => {
    const tenDaysAgo = new Date(Date.now() - 10 * 24 * 3600 * 1000).toISOString();
    mockFetch({
      'GET /api/billing/plans': localPlans,
      'GET /api/user/usage': usageOf(),
      'GET /api/user/me': { userId: 1, userUuid: 'uuid-1', username: 'ath', type: 'athlete', updatedAt: tenDaysAgo },
    });
    renderAt('/subscribe');
    expect(await screen.findByRole('button', { name: 'Subscribe to Athlete' })).toBeInTheDocument();
    expect(screen.getByText(NO_SUBSCRIPTION_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a test video' })).toBeInTheDocument();
  });

  it('lands on the plan page after subscribing, not on /login (the page is for level none only)', async () => {
    let usage = usageOf();
    const fetch = mockFetch({
      'GET /api/billing/plans': localPlans,
      'GET /api/user/usage': () => Response.json(usage),
      'GET /api/user/me': { userId: 1, userUuid: 'uuid-1', username: 'jane', type: 'fan', updatedAt: new Date().toISOString() },
      'POST /api/billing/local/subscribe': () => {
        usage = usageOf('fan');
        return Response.json(usage);
      },
    });
    const router = renderAt('/subscribe');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Fan' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Live' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/live');
    expect(fetch.calls.some((call) => call.path.startsWith('/v0/'))).toBe(false);
  });
});

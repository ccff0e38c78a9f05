import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { LevelProvider } from '@/app/level-provider';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { ApiClientContext } from '@/lib/api-client-context';
import { SessionContext, signedOut, type Session } from '@/lib/auth/session';
import { useLevel } from '@/lib/subscription/level-context';
import { signedInSession, usageOf } from '@/test/fixtures';

function LevelProbe() {
  return <p>level: {useLevel() ?? 'unknown'}</p>;
}

function fakeApi(responses: Record<string, () => unknown>) {
  const request = vi.fn(async (path: string) => {
    const respond = responses[path];
    if (!respond) throw new Error(`unexpected call ${path}`);
    return respond();
  });
  return { api: { request } as unknown as ApiClient, request };
}

function renderLevel(api: ApiClient, session: Session = signedInSession) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <ApiClientContext.Provider value={api}>
          <LevelProvider>
            <LevelProbe />
          </LevelProvider>
        </ApiClientContext.Provider>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

const recently = () => new Date(Date.now() - 60_000).toISOString();

describe('LevelProvider', () => {
  it('stays unknown and fetches nothing when signed out', () => {
    const { api, request } = fakeApi({});
    renderLevel(api, signedOut);
    expect(screen.getByText('level: unknown')).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
  });

  it('uses the first usage item and does not fetch the user record', async () => {
    const { api, request } = fakeApi({ '/api/user/usage': () => usageOf('fan', 'team') });
    renderLevel(api);
    expect(screen.getByText('level: unknown')).toBeInTheDocument();
    expect(await screen.findByText('level: fan')).toBeInTheDocument();
    expect(request.mock.calls.map(([path]) => path)).toEqual(['/api/user/usage']);
  });

  it('falls back to a recent team/athlete user record when there is no subscription', async () => {
    const { api, request } = fakeApi({
      '/api/user/usage': () => usageOf(),
      '/api/user/me': () => ({ username: 'coach', type: 'team', updatedAt: recently() }),
    });
    renderLevel(api);
    expect(await screen.findByText('level: team')).toBeInTheDocument();
    expect(request.mock.calls.map(([path]) => path)).toEqual(['/api/user/usage', '/api/user/me']);
  });

  it('treats failed loads as empty/absent, i.e. none, and logs them', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api } = fakeApi({
      '/api/user/usage': () => {
        throw new ApiError(500, 'INTERNAL', 'boom');
      },
      '/api/user/me': () => {
        throw new ApiError(404, 'NOT_FOUND', 'no user');
      },
    });
    renderLevel(api);
    expect(await screen.findByText('level: none')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('subscription usage'), expect.any(ApiError));
    expect(error).toHaveBeenCalledWith(expect.stringContaining('user record'), expect.any(ApiError));
  });
});

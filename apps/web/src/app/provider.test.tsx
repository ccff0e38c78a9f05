import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { MainProviders } from '@/app/main-providers';
import { AppProvider } from '@/app/provider';
import { useApiClient } from '@/lib/api-client-context';
import { SessionContext } from '@/lib/auth/session';
import { LevelContext, useLevel } from '@/lib/subscription/level-context';
import { errorJson, mockFetch, signInBody, signInWithCookies } from '@/test/fetch-mock';
import { signedInSession, testConfig, usageOf } from '@/test/fixtures';

function UsageProbe() {
  const api = useApiClient();
  const [result, setResult] = useState('');
  return (
    <>
      <button onClick={() => void api.request('/api/user/usage').then((body) => setResult(JSON.stringify(body)), (e: Error) => setResult(e.message))}>
        load
      </button>
      <p>result: {result}</p>
    </>
  );
}

describe('AppProvider', () => {
  it('wires the product API to the session: a 401 refreshes once and the call is retried', async () => {
    const old = signInWithCookies({ userId: 5 });
    const rotated = signInBody({ userId: 5 });
    const net = mockFetch({
      'GET /api/config': { ...testConfig, identityBaseUrl: '/v0/' },
      'GET /api/user/usage': (call) =>
        call.headers.get('Authorization') === `Bearer ${old}`
          ? errorJson(401, 'Sign in to continue.')
          : Response.json({ items: [{ type: 'fan' }] }),
      'GET /v0/auth/refresh': rotated,
    });
    const user = userEvent.setup();
    render(
      <AppProvider>
        <UsageProbe />
      </AppProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'load' }));
    expect(await screen.findByText('result: {"items":[{"type":"fan"}]}')).toBeInTheDocument();
    expect(net.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/config',
      'GET /api/user/usage',
      'GET /v0/auth/refresh',
      'GET /api/user/usage',
    ]);
    expect(net.calls[3]!.headers.get('Authorization')).toBe(`Bearer ${rotated.tokens.access.value}`);
  });
});

function LevelProbe() {
  return <p>level: {useLevel() ?? 'unknown'}</p>;
}

describe('MainProviders', () => {
  it('computes the level when none is provided above', async () => {
    signInWithCookies();
    mockFetch({ 'GET /api/user/usage': usageOf('athlete') });
    render(
      <SessionContext.Provider value={signedInSession}>
        <MainProviders>
          <LevelProbe />
        </MainProviders>
      </SessionContext.Provider>,
    );
    expect(await screen.findByText('level: athlete')).toBeInTheDocument();
  });

  it('keeps a level provided above (tests, previews) and fetches nothing', () => {
    const net = mockFetch({});
    render(
      <LevelContext.Provider value="team">
        <MainProviders>
          <LevelProbe />
        </MainProviders>
      </LevelContext.Provider>,
    );
    expect(screen.getByText('level: team')).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });
});

import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ConfigContext } from '@/config/config-context';
import {
  clearSessionCookies,
  cookieDomainsFor,
  decodeJwtPayload,
  hasSessionHint,
  isUnexpired,
  notifySessionChange,
  readAccessToken,
  readCookie,
  tokenHasRole,
  useSession,
} from '@/lib/auth/session';
import { SessionProvider } from '@/lib/auth/session-provider';
import { errorJson, json, mockFetch, signInBody } from '@/test/fetch-mock';
import { testConfig } from '@/test/fixtures';
import { expiresIn, makeJwt } from '@/test/jwt';

const setAccessCookie = (token: string) => {
  document.cookie = `access.tenant1=${token}; Path=/`;
};

describe('decodeJwtPayload', () => {
  it('decodes a base64url payload, including non-ASCII claims', () => {
    const token = makeJwt({ userId: 7, name: 'Zoë ✓', exp: 123 });
    expect(decodeJwtPayload(token)).toEqual({ userId: 7, name: 'Zoë ✓', exp: 123 });
  });

  it.each(['', 'not-a-jwt', 'a.!!!.c', `a.${btoa('[1,2]')}.c`, `a.${btoa('null')}.c`])(
    'treats %j as absent, logging the malformed-token message',
    (token) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect(decodeJwtPayload(token)).toBeNull();
      expect(warn).toHaveBeenCalledWith('Problem decoding JWT payload');
    },
  );
});

describe('token validity', () => {
  it('is valid only while exp is in the future', () => {
    const now = 1_700_000_000_000;
    expect(isUnexpired({ exp: now / 1000 + 1 }, now)).toBe(true);
    expect(isUnexpired({ exp: now / 1000 }, now)).toBe(false);
    expect(isUnexpired({}, now)).toBe(false);
  });

  it('reads the access.<tenantId> cookie', () => {
    const token = makeJwt({ exp: expiresIn(60) });
    setAccessCookie(token);
    expect(readCookie('access.tenant1')).toBe(token);
    expect(readAccessToken('tenant1')).toBe(token);
    expect(readAccessToken('other-tenant')).toBeNull();
  });

  it('ignores an expired access token', () => {
    setAccessCookie(makeJwt({ exp: expiresIn(-1) }));
    expect(readAccessToken('tenant1')).toBeNull();
  });
});

function SessionProbe() {
  const session = useSession();
  return <p>{session.isLoggedIn ? `signed in as ${String(session.userId)}` : 'signed out'}</p>;
}

function renderSession() {
  return render(
    <ConfigContext.Provider value={testConfig}>
      <SessionProvider>
        <SessionProbe />
      </SessionProvider>
    </ConfigContext.Provider>,
  );
}

describe('SessionProvider / useSession', () => {
  it('exposes the signed-in user from a valid cookie', () => {
    setAccessCookie(makeJwt({ userId: 42, exp: expiresIn(60) }));
    renderSession();
    expect(screen.getByText('signed in as 42')).toBeInTheDocument();
  });

  it('is signed out without a cookie', () => {
    renderSession();
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });

  it('picks up a sign-in and a sign-out announced with notifySessionChange', () => {
    renderSession();
    act(() => {
      setAccessCookie(makeJwt({ userId: 5, exp: expiresIn(60) }));
      notifySessionChange();
    });
    expect(screen.getByText('signed in as 5')).toBeInTheDocument();

    act(() => clearSessionCookies('tenant1'));
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });

  it('signs out by itself when the token expires', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      setAccessCookie(makeJwt({ userId: 9, exp: expiresIn(30) }));
      renderSession();
      expect(screen.getByText('signed in as 9')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(31_000));
      expect(screen.getByText('signed out')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('cookie domains and local sign-out', () => {
  it('lists host-only, the host and each parent domain with and without a leading dot', () => {
    expect(cookieDomainsFor('app.teamfilm.example.com')).toEqual([
      undefined,
      'app.teamfilm.example.com',
      '.app.teamfilm.example.com',
      'teamfilm.example.com',
      '.teamfilm.example.com',
      'example.com',
      '.example.com',
    ]);
    expect(cookieDomainsFor('localhost')).toEqual([undefined, 'localhost']);
    expect(cookieDomainsFor('192.168.1.5')).toEqual([undefined, '192.168.1.5']);
  });

  it('expires every token cookie and the session hint on both paths and all domains', () => {
    const writes: string[] = [];
    vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
    });
    clearSessionCookies('tenant1', { refreshPath: '/v0/auth', hostname: 'app.example.com' });
    for (const name of ['access.tenant1', 'id.tenant1', 'refresh.tenant1', 'session.tenant1']) {
      for (const path of ['/', '/v0/auth']) {
        for (const domain of ['', '; Domain=app.example.com', '; Domain=.app.example.com', '; Domain=example.com', '; Domain=.example.com']) {
          expect(writes).toContain(`${name}=; Path=${path}${domain}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`);
        }
      }
    }
    expect(writes).toHaveLength(4 * 2 * 5);
  });

  it('hasSessionHint reads session.<tenantId>', () => {
    expect(hasSessionHint('tenant1')).toBe(false);
    document.cookie = 'session.tenant1=1; Path=/';
    expect(hasSessionHint('tenant1')).toBe(true);
  });
});

describe('tokenHasRole', () => {
  it('is false without a token and reads the tenant roles otherwise', () => {
    const token = makeJwt({ exp: expiresIn(60), authorization: { tenant1: { roles: ['editor'] } } });
    expect(tokenHasRole(null, 'tenant1', 'editor')).toBe(false);
    expect(tokenHasRole(token, 'tenant1', 'editor')).toBe(true);
    expect(tokenHasRole(token, 'tenant2', 'editor')).toBe(false);
    expect(tokenHasRole(makeJwt({ exp: expiresIn(60) }), 'tenant1', 'editor')).toBe(false);
  });
});

function PendingProbe() {
  const session = useSession();
  return <p>{session.isLoggedIn ? `signed in as ${String(session.userId)}` : session.isPending ? 'restoring' : 'signed out'}</p>;
}

describe('SessionProvider: restoring a session on start', () => {
  function renderProvider() {
    return render(
      <ConfigContext.Provider value={testConfig}>
        <SessionProvider>
          <PendingProbe />
        </SessionProvider>
      </ConfigContext.Provider>,
    );
  }

  it('without a valid access token but with the session hint: one refresh, pending until it answers', async () => {
    document.cookie = 'session.tenant1=1; Path=/';
    let answer!: (response: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    renderProvider();
    expect(screen.getByText('restoring')).toBeInTheDocument();
    await act(async () => answer(json(signInBody({ userId: 77 }))));
    expect(await screen.findByText('signed in as 77')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('http://localhost:3000/v0/auth/refresh');
  });

  it('a failed refresh leaves the visitor signed out (and only warns)', async () => {
    document.cookie = 'session.tenant1=1; Path=/';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ 'GET /v0/auth/refresh': errorJson(401, 'Your session has ended.') });
    renderProvider();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('asks nothing without the hint, and nothing with a valid access token', () => {
    const net = mockFetch({});
    renderProvider();
    expect(screen.getByText('signed out')).toBeInTheDocument();
    setAccessCookie(makeJwt({ userId: 3, exp: expiresIn(600) }));
    document.cookie = 'session.tenant1=1; Path=/';
    act(() => notifySessionChange());
    expect(screen.getByText('signed in as 3')).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });

  it('renews the token shortly before it expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      setAccessCookie(makeJwt({ userId: 4, exp: expiresIn(120) }));
      document.cookie = 'session.tenant1=1; Path=/';
      const net = mockFetch({ 'GET /v0/auth/refresh': signInBody({ userId: 4 }) });
      renderProvider();
      // Renewal is due 60 s ahead of expiry, up to 10 s earlier (jitter), and `exp` is whole seconds.
      await act(async () => {
        vi.advanceTimersByTime(45_000);
      });
      expect(net.calls).toHaveLength(0);
      await act(async () => {
        vi.advanceTimersByTime(20_000);
      });
      expect(net.calls.map((c) => c.path)).toEqual(['/v0/auth/refresh']);
      expect(screen.getByText('signed in as 4')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

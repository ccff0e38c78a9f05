import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ConfigContext } from '@/config/config-context';
import {
  clearSessionCookies,
  decodeJwtPayload,
  isUnexpired,
  notifySessionChange,
  readAccessToken,
  readCookie,
  useSession,
} from '@/lib/auth/session';
import { SessionProvider } from '@/lib/auth/session-provider';
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
    'treats %j as absent, logging the spec message',
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

import { vi } from 'vitest';

import { expiresIn, makeJwt } from '@/test/jwt';

export type FetchCall = { method: string; url: URL; path: string; body: unknown; headers: Headers; credentials?: RequestCredentials };
type Handler = (call: FetchCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function errorJson(statusCode: number, message: string, code = 'ERROR') {
  return json({ statusCode, code, error: 'Error', message }, statusCode);
}

/**
 * Stubs the global fetch (the network boundary) with a route table keyed by `METHOD /path` (query
 * ignored). A handler may be a response body (JSON, 200) or a function of the call. Unknown routes
 * answer 404, so a test sees them fail instead of hanging. `calls` records every request.
 */
export function mockFetch(routes: Record<string, Handler | Response | object>) {
  const calls: FetchCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost:3000');
    const raw = typeof init.body === 'string' ? init.body : undefined;
    const call: FetchCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      path: url.pathname,
      body: raw === undefined ? undefined : (JSON.parse(raw) as unknown),
      headers: new Headers(init.headers),
      credentials: init.credentials,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (route === undefined) return errorJson(404, `No route for ${call.method} ${call.path}`, 'NOT_FOUND');
    if (typeof route === 'function') return (route as Handler)(call);
    if (route instanceof Response) return route.clone();
    return json(route);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls, call: (method: string, path: string) => calls.find((c) => c.method === method && c.path === path) };
}

/** A sign-in body with real-looking tokens for `claims`. */
export function signInBody(claims: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  const base = {
    userId: 7,
    userUuid: 'uuid-7',
    tenantId: 'tenant1',
    mode: 'test',
    sessionId: 's1',
    authorization: { tenant1: { roles: [] } },
    ...claims,
  };
  return {
    tokens: {
      access: { value: makeJwt({ ...base, exp: expiresIn(900) }) },
      id: { value: makeJwt({ ...base, email: 'jane@example.com', username: 'jane', name: 'Jane', exp: expiresIn(900) }) },
      refresh: { value: 'refresh-token' },
    },
    redirectTo: '/',
    mode: 'test',
    sessionId: 's1',
    message: 'OK',
    ...extra,
  };
}

export const mfaBody = {
  mode: 'test',
  message: 'MFA required',
  isMfaRequired: true,
  firstFactorToken: 'first-factor-token',
  authentication: {
    firstFactor: { strategy: 'password', channel: 'email' },
    secondFactors: [
      { strategy: 'totp', channel: 'authenticator' },
      { strategy: 'verificationCode', channel: 'email' },
    ],
  },
};

/** Sets the tenant's access cookie (and the session hint) as the server would. */
export function signInWithCookies(claims: Record<string, unknown> = {}, { hint = true } = {}) {
  const token = makeJwt({ userId: 7, userUuid: 'uuid-7', exp: expiresIn(900), ...claims });
  document.cookie = `access.tenant1=${token}; Path=/`;
  if (hint) document.cookie = 'session.tenant1=1; Path=/';
  return token;
}

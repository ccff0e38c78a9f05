import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';

import { ApiError, createApiClient } from '@/lib/api-client';

function jsonResponse(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json' },
  });
}


describe('createApiClient', () => {
  it('sends the access token as a Bearer header and parses JSON', async () => {
    const fetch = vi.fn(async () => jsonResponse({ ok: true }));
    const api = createApiClient({ getAccessToken: () => 'tok', fetch });
    await expect(api.request('/api/health')).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/health');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('sends no Authorization header without a token, and JSON bodies as JSON', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    const api = createApiClient({ getAccessToken: () => null, fetch });
    await expect(api.request('/api/user/me', { method: 'PUT', body: { a: 1 } })).resolves.toBeUndefined();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('throws an ApiError carrying the server message, status and code', async () => {
    const body = { statusCode: 409, code: 'CONFLICT', error: 'Conflict', message: 'Username already exists' };
    const api = createApiClient({ fetch: async () => jsonResponse(body, { status: 409 }) });
    const error = await api.request('/api/user/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 409, code: 'CONFLICT', message: 'Username already exists' });
  });

  it('still throws a useful ApiError when the body is not ours', async () => {
    const api = createApiClient({
      fetch: async () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    });
    await expect(api.request('/api/x')).rejects.toMatchObject({ statusCode: 502, code: 'HTTP_502', message: 'Bad Gateway' });
  });

  it('reports an unreachable server as NETWORK_ERROR', async () => {
    const api = createApiClient({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(api.request('/api/x')).rejects.toMatchObject({ statusCode: 0, code: 'NETWORK_ERROR' });
  });

  it('validates the response with the given schema', async () => {
    const api = createApiClient({ fetch: async () => jsonResponse({ ok: 'yes' }) });
    await expect(api.request('/api/health', { schema: z.object({ ok: z.literal(true) }) })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });
});

describe('createApiClient: refresh once on 401', () => {
  it('refreshes with the refused token and retries once with the new one', async () => {
    let token = 'old';
    const fetch = vi.fn(async (_path: RequestInfo | URL, init: RequestInit = {}) =>
      new Headers(init.headers).get('Authorization') === 'Bearer old'
        ? jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', error: 'Unauthorized', message: 'expired' }, { status: 401 })
        : jsonResponse({ ok: true }),
    );
    const refresh = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const api = createApiClient({ getAccessToken: () => token, refresh, fetch });
    await expect(api.request('/api/user/usage')).resolves.toEqual({ ok: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('old');
    expect(fetch).toHaveBeenCalledTimes(2);
    const retried = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(new Headers(retried[1].headers).get('Authorization')).toBe('Bearer new');
  });

  it('gives up after one retry, and does not retry when the refresh fails', async () => {
    const unauthorized = () =>
      jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', error: 'Unauthorized', message: 'Sign in to continue.' }, { status: 401 });
    const fetch = vi.fn(async () => unauthorized());
    const refresh = vi.fn(async () => true);
    const api = createApiClient({ getAccessToken: () => 'tok', refresh, fetch });
    await expect(api.request('/api/x')).rejects.toMatchObject({ statusCode: 401, message: 'Sign in to continue.' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);

    const failedRefresh = vi.fn(async () => false);
    const fetch2 = vi.fn(async () => unauthorized());
    const api2 = createApiClient({ getAccessToken: () => 'tok', refresh: failedRefresh, fetch: fetch2 });
    await expect(api2.request('/api/x')).rejects.toMatchObject({ statusCode: 401 });
    expect(fetch2).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for other errors, and sends cookies along', async () => {
    const fetch = vi.fn(async () => jsonResponse({ statusCode: 403, code: 'FORBIDDEN', error: 'Forbidden', message: 'no' }, { status: 403 }));
    const refresh = vi.fn(async () => true);
    await expect(createApiClient({ refresh, fetch }).request('/api/x')).rejects.toMatchObject({ statusCode: 403 });
    expect(refresh).not.toHaveBeenCalled();
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].credentials).toBe('include');
  });
});

import type { ZodType, ZodTypeDef } from 'zod';

import { ApiError, type ApiClient, type RequestOptions } from '@/lib/api-client';

/** Joins base and path and collapses duplicate slashes, keeping a scheme's `//`. */
export function joinUrl(base: string, path: string): string {
  return `${base}/${path}`.replace(/([^:/]|^)\/{2,}/g, '$1/');
}

export type IdentityRequest<T> = Omit<RequestOptions<T>, 'schema'> & {
  bearer?: string | null;
  schema: ZodType<T, ZodTypeDef, unknown>;
};

/** One identity API call (`path` relative to the base URL) through the given API client. */
export type IdentityCall = <T>(api: ApiClient, path: string, request: IdentityRequest<T>) => Promise<T>;

/**
 * How every part of the auth client reaches the identity API: paths under the base URL (and
 * `tenants/{tenantId}/`), an optional Bearer token per call, and 'Problem with request' for an
 * empty or unreadable answer.
 */
export function createIdentityCall(baseUrl: string, tenantId: string) {
  const call: IdentityCall = async (api, path, request) => {
    const { bearer, schema, ...rest } = request;
    const headers = new Headers(rest.headers);
    if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
    try {
      return await api.request(joinUrl(baseUrl, path), { ...rest, headers, schema });
    } catch (error) {
      // An empty or unreadable answer is 'Problem with request'.
      if (error instanceof ApiError && error.code === 'INVALID_RESPONSE') {
        throw new ApiError(error.statusCode, error.code, 'Problem with request', { cause: error });
      }
      throw error;
    }
  };

  function tenantPath(path: string) {
    if (!tenantId) throw new Error('Missing tenantId');
    return `tenants/${encodeURIComponent(tenantId)}/${path}`;
  }

  return { call, tenantPath };
}

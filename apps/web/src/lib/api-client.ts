import { errorBody } from '@app/contracts/errors';
import type { ZodType, ZodTypeDef } from 'zod';

/**
 * An HTTP or network failure. `message` is the server's own message when it sent one
 * (docs/product.md#messages-and-failures).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached. */
  readonly statusCode: number;
  /** Stable code from the server's error body (`NOT_FOUND`, ...), or one of ours (`NETWORK_ERROR`, `INVALID_RESPONSE`, `HTTP_<status>`). */
  readonly code: string;

  constructor(statusCode: number, code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.statusCode = statusCode;
    this.code = code;
  }
}

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is instead, with its media type (a file the user picked). */
  raw?: { body: Blob; type: string };
  /** Validates the response body; without it the caller gets `unknown`-typed data it must trust. */
  schema?: ZodType<T, ZodTypeDef, unknown>;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** Sees the response before its body is read (a header the body does not carry). */
  onResponse?: (response: Response) => void;
};

export type ApiClient = {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
};

export type ApiClientOptions = {
  /** Read at each request so a refreshed or cleared token is picked up without rebuilding the client. */
  getAccessToken?: () => string | null;
  /**
   * Called once when a request answers 401, with the token that was refused; resolves true when a
   * new access token is in place, and the request is then retried once (docs/architecture.md#request-flow).
   */
  refresh?: (rejectedToken: string | null) => Promise<boolean>;
  fetch?: typeof fetch;
};

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  const parsed = errorBody.partial().safeParse(body);
  const server = parsed.success ? parsed.data : {};
  return new ApiError(
    server.statusCode ?? response.status,
    server.code ?? `HTTP_${response.status}`,
    server.message || response.statusText || `Request failed with status ${response.status}`,
  );
}

/**
 * The one fetch wrapper of the app: JSON calls with `Authorization: Bearer <access>` (cookies
 * included, for an identity API on another origin), refreshing the session once on a 401.
 */
export function createApiClient({ getAccessToken, refresh, fetch: fetchImpl }: ApiClientOptions = {}): ApiClient {
  async function send(path: string, options: RequestOptions<unknown>, token: string | null) {
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    const init: RequestInit = {
      method: options.method ?? 'GET',
      headers,
      signal: options.signal,
      credentials: 'include',
    };
    if (options.raw) {
      headers.set('Content-Type', options.raw.type);
      init.body = options.raw.body;
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      init.body = JSON.stringify(options.body);
    }
    try {
      // Looked up per call (not captured at creation) so tests can stub the global fetch.
      return await (fetchImpl ?? globalThis.fetch)(path, init);
    } catch (error) {
      if (options.signal?.aborted) throw error; // a cancelled query is not a failure
      throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server.', { cause: error });
    }
  }

  return {
    async request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
      const token = getAccessToken?.() ?? null;
      let response = await send(path, options, token);
      // Once only: a second 401 means the new token is refused too, and looping would not help.
      if (response.status === 401 && refresh && !options.signal?.aborted && (await refresh(token))) {
        response = await send(path, options, getAccessToken?.() ?? null);
      }

      options.onResponse?.(response);
      const body = await readBody(response);
      if (!response.ok) throw toApiError(response, body);
      if (!options.schema) return body as T;
      const parsed = options.schema.safeParse(body);
      if (!parsed.success) {
        throw new ApiError(response.status, 'INVALID_RESPONSE', `Unexpected response from ${path}.`, {
          cause: parsed.error,
        });
      }
      return parsed.data;
    },
  };
}

import { TUS_UPLOAD_KEY_METADATA } from '@app/contracts/videos';
import type { DetailedError } from 'tus-js-client';

import { ApiError } from '@/lib/api-client';

/**
 * Chunk size of resumable uploads. A failed chunk is sent again, so smaller wastes less on a bad
 * connection; larger means fewer requests. 8 MB is what tus and S3 multipart commonly use.
 */
export const TUS_CHUNK_SIZE = 8 * 1024 * 1024;
/** Waits before each automatic retry of a failed request (then the upload fails and can be resumed by hand). */
export const TUS_RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];

type TusOptions = {
  /** The preupload's key and tus creation URL. */
  key: string;
  url: string;
  /** A valid access token for the `Authorization` header, refreshed when needed: a long upload outlives one token. */
  getToken: () => Promise<string | null>;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
};

/** Statuses worth retrying: the network, the server being busy or restarting, or an expired token (refreshed on the retry). */
export function shouldRetryStatus(status: number): boolean {
  if (status === 0 || status === 401 || status === 408 || status === 409 || status === 423 || status === 429) return true;
  return status >= 500;
}

/**
 * A resumable upload (tus 1.0) with tus-js-client. Its fingerprint is the preupload key, and the
 * upload URL is kept in localStorage under it: a retry, even after a reload, asks the server how
 * much arrived (HEAD) and sends only the rest.
 */
export async function tusUpload(file: File, { key, url, getToken, onProgress, signal }: TusOptions): Promise<void> {
  // Loaded only for large files: most uploads are one PUT, and the upload page stays small.
  const { Upload } = await import('tus-js-client');
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const upload = new Upload(file, {
      // Absolute, so tus-js-client can resolve the server's Location header against it.
      endpoint: new URL(url, window.location.origin).href,
      chunkSize: TUS_CHUNK_SIZE,
      retryDelays: TUS_RETRY_DELAYS,
      metadata: { [TUS_UPLOAD_KEY_METADATA]: key, filename: file.name, filetype: file.type },
      fingerprint: async () => `teamfilm-upload:${key}`,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: async (request) => {
        const token = await getToken();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      onShouldRetry: (error: DetailedError) => shouldRetryStatus(error.originalResponse?.getStatus() ?? 0),
      onProgress: (sent, total) => onProgress?.(sent, total),
      onSuccess: () => {
        signal?.removeEventListener('abort', onAbort);
        onProgress?.(file.size, file.size);
        resolve();
      },
      onError: (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(toApiError(error));
      },
    });
    // Keeps the upload on the server (no termination), so it can be resumed.
    const onAbort = () => {
      void upload.abort(false);
      reject(signal?.reason ?? new DOMException('Upload aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    void upload
      .findPreviousUploads()
      .then((previous) => {
        if (signal?.aborted) return;
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch((error: unknown) => reject(toApiError(error)));
  });
}

function toApiError(error: unknown): ApiError {
  const detailed = error as Partial<DetailedError>;
  const status = detailed.originalResponse?.getStatus() ?? 0;
  let message: string | undefined;
  try {
    const body = JSON.parse(detailed.originalResponse?.getBody() ?? '') as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // Not JSON: keep the generic message.
  }
  return new ApiError(
    status,
    status === 0 ? 'NETWORK_ERROR' : `HTTP_${status}`,
    message ?? (status === 0 ? 'Could not reach the server.' : `Upload failed with status ${status}.`),
    { cause: error },
  );
}

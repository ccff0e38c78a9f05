import { ApiError } from '@/lib/api-client';

type PutOptions = {
  contentType: string;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
};

/**
 * One PUT of the whole file to a signed URL, with upload progress. XMLHttpRequest because fetch
 * still reports no upload progress in browsers (a streaming request body would, but needs HTTP/2
 * and half-duplex support that Safari and Firefox lack). No Authorization header: the URL carries
 * its own signature, and an S3-compatible store refuses a request with two.
 */
export function putWithProgress(url: string, body: Blob, { contentType, onProgress, signal }: PutOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : body.size);
    xhr.onload = () => {
      signal?.removeEventListener('abort', onAbort);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(body.size, body.size);
        resolve();
        return;
      }
      reject(new ApiError(xhr.status, `HTTP_${xhr.status}`, serverMessage(xhr) ?? `Upload failed with status ${xhr.status}.`));
    };
    xhr.onerror = () => {
      signal?.removeEventListener('abort', onAbort);
      reject(new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server.'));
    };
    const onAbort = () => xhr.abort();
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
}

function serverMessage(xhr: XMLHttpRequest): string | undefined {
  try {
    const parsed = JSON.parse(xhr.responseText) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

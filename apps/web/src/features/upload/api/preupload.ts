import { preuploadResponse, type PreuploadBody, type PreuploadResponse } from '@app/contracts/videos';

import type { ApiClient } from '@/lib/api-client';

/**
 * `POST /api/user/preupload {fileName, contentType, size}`: where and how to send
 * the bytes (one PUT, or tus for large files). Called by the upload queue, not a hook: one upload
 * run makes several of these calls in order.
 */
export function preupload(api: ApiClient, body: PreuploadBody, signal?: AbortSignal): Promise<PreuploadResponse> {
  return api.request('/api/user/preupload', { method: 'POST', body, schema: preuploadResponse, signal });
}

import { completeUploadResponse, type CompleteUploadResponse } from '@app/contracts/videos';

import type { ApiClient } from '@/lib/api-client';

/** `POST /api/user/preupload/{key}/complete`: the bytes are in; the server creates the video and starts processing it. */
export function completeUpload(api: ApiClient, key: string, signal?: AbortSignal): Promise<CompleteUploadResponse> {
  return api.request(`/api/user/preupload/${encodeURIComponent(key)}/complete`, {
    method: 'POST',
    schema: completeUploadResponse,
    signal,
  });
}

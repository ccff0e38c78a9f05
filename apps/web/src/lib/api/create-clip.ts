import { clip, type Clip, type CreateClipBody } from '@app/contracts/clips';

import type { ApiClient } from '@/lib/api-client';

/** `POST /api/user/videos/{key}/clips {key, timestamp, duration}`: `timestamp` is the start in seconds. */
export function createClip(api: ApiClient, videoKey: string, body: Omit<CreateClipBody, 'key'>): Promise<Clip> {
  return api.request(`/api/user/videos/${encodeURIComponent(videoKey)}/clips`, {
    method: 'POST',
    body: { key: videoKey, ...body },
    schema: clip,
  });
}

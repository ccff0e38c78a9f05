import { video, type Video } from '@app/contracts/videos';

import type { ApiClient } from '@/lib/api-client';
import { useVideoChange } from '@/features/videos/api/update-video';

/** `DELETE /api/user/videos/{key}/highlights/{id}`: the video's owner or the highlight's maker. */
export function removeHighlight(api: ApiClient, key: string, id: string): Promise<Video> {
  return api.request(`/api/user/videos/${encodeURIComponent(key)}/highlights/${encodeURIComponent(id)}`, { method: 'DELETE', schema: video });
}

export function useRemoveHighlight(key: string) {
  return useVideoChange(
    key,
    (api, id: string) => removeHighlight(api, key, id),
    (current, id) => ({ ...current, highlights: current.highlights.filter((h) => h.id !== id) }),
  );
}

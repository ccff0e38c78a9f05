import { highlightAt, video, type Video, type VideoHighlight } from '@app/contracts/videos';

import type { ApiClient } from '@/lib/api-client';
import { useVideoChange } from '@/features/videos/api/update-video';
import { addHighlight } from '@/features/videos/utils/highlights';

/** `POST /api/user/videos/{key}/highlights {at}`: the owner or a teammate (coach, athlete) marks a moment. */
export function markHighlight(api: ApiClient, key: string, at: number): Promise<Video> {
  return api.request(`/api/user/videos/${encodeURIComponent(key)}/highlights`, { method: 'POST', body: { at }, schema: video });
}

/** Marks a moment, shown at once as `maker`'s until the server answers. */
export function useMarkHighlight(key: string, maker: Pick<VideoHighlight, 'makerId' | 'makerName'>) {
  return useVideoChange(
    key,
    (api, at: number) => markHighlight(api, key, at),
    (current, at) => ({ ...current, highlights: addHighlight(current.highlights, { ...highlightAt(at, current.durationSec), id: `pending-${at}`, ...maker }) }),
  );
}

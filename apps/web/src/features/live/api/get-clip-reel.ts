import { reelView, type ReelView } from '@app/contracts/clips';

import type { ApiClient } from '@/lib/api-client';

/** `GET /api/user/reels/{reelId}`: a new clip's own reel, read by the clip button so the clip's page opens playing. */
export function getClipReel(api: ApiClient, reelId: string, signal?: AbortSignal): Promise<ReelView> {
  return api.request(`/api/user/reels/${encodeURIComponent(reelId)}`, { schema: reelView, signal });
}

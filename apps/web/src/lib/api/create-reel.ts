import { createReelResponse } from '@app/contracts/clips';

import type { ApiClient } from '@/lib/api-client';

/** `POST /api/user/reels/{streamId} {clips:[clip_id]}`: a reel of clips of one stream, in that order. */
export async function createReel(api: ApiClient, streamId: string, clipIds: number[]): Promise<string> {
  const { reelId } = await api.request(`/api/user/reels/${encodeURIComponent(streamId)}`, {
    method: 'POST',
    body: { clips: clipIds },
    schema: createReelResponse,
  });
  return reelId;
}

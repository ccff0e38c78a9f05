import { REEL_MAX_CHUNKS, type Clip, type CreateClipBody, type Reel, type UpdateReelBody } from '@app/contracts/clips';
import type { Tag } from '@app/contracts/film';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { clipOfInstance, instanceName } from '@/features/tags/utils/instance-clips';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

export const TOO_MANY_FOR_A_REEL = `A reel holds at most ${REEL_MAX_CHUNKS} clips: narrow the filter first.`;
/** Clips made at a time: the order of the reel is kept whatever order they finish in. */
const AT_ONCE = 4;

/** The calls a reel is made with, owned by the videos and reels features and handed in by the app. */
export type ReelMaker = {
  createClip(api: ApiClient, videoKey: string, body: Omit<CreateClipBody, 'key'>): Promise<Clip>;
  createReel(api: ApiClient, streamId: string, clipIds: number[]): Promise<string>;
  updateReel(api: ApiClient, reelId: string, body: UpdateReelBody): Promise<Reel>;
};

export type ReelProgress = { made: number; total: number };

type SaveAsReel = { videoKey: string; items: readonly Tag[]; title: string; duration: number | null };

/**
 * A reel of instances, in their order: each becomes a clip of the video (`POST /api/user/videos/{key}/clips`),
 * then one reel of those clips (`POST /api/user/reels/{key}`) is titled and named clip by clip
 * (`PUT /api/user/reels/{reelId}`). Resolves to the reel's id.
 */
export async function saveTagsAsReel(api: ApiClient, { createClip, createReel, updateReel }: ReelMaker, { videoKey, items, title, duration }: SaveAsReel, onProgress: (p: ReelProgress) => void): Promise<string> {
  if (items.length === 0) throw new Error('There are no instances to save.');
  if (items.length > REEL_MAX_CHUNKS) throw new Error(TOO_MANY_FOR_A_REEL);
  const clips: Clip[] = new Array<Clip>(items.length);
  let next = 0;
  let made = 0;
  onProgress({ made, total: items.length });
  async function worker() {
    while (next < items.length) {
      const index = next++;
      clips[index] = await createClip(api, videoKey, clipOfInstance(items[index]!, duration));
      made += 1;
      onProgress({ made, total: items.length });
    }
  }
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, worker));
  const reelId = await createReel(api, videoKey, clips.map((c) => c.clip_id));
  await updateReel(api, reelId, {
    title,
    chunks: clips.map((c, i) => ({ clip: c._id, in: 0, out: c.duration, description: instanceName(items[i]!) })),
  });
  return reelId;
}

/** Save as reel, with how many clips are made so far; the new clips and reel show in the library. */
export function useSaveTagsAsReel(maker: ReelMaker) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const userKey = session.userId ?? session.userUuid;
  const [progress, setProgress] = useState<ReelProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (input: SaveAsReel) => saveTagsAsReel(api, maker, input, setProgress),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reels.all(userKey) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.clips.all(userKey) }),
      ]),
  });
  return { ...mutation, progress };
}

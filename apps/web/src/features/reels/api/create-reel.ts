import type { Clip } from '@app/contracts/clips';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { createReel } from '@/lib/api/create-reel';
import { updateReel } from '@/lib/api/update-reel';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** What a new reel is made of: a clip of a video, whole (a library clip, or a clip page's). */
export type NewReelClip = Pick<Clip, '_id' | 'stream_id' | 'clip_id' | 'duration' | 'description'>;

/**
 * A reel of clips from any of my videos, in the given order, titled `title`. The POST takes clips of
 * one stream and no title, so the reel starts with the first clip's video's clips and one PUT sets
 * the title and the whole chunk list.
 */
export async function createReelOf(api: ApiClient, clips: readonly NewReelClip[], title: string | null): Promise<string> {
  const first = clips[0];
  if (!first) throw new Error('A reel needs at least one clip');
  const sameStream = clips.filter((c) => c.stream_id === first.stream_id);
  const reelId = await createReel(api, first.stream_id, sameStream.map((c) => c.clip_id));
  if (title || sameStream.length < clips.length) {
    await updateReel(api, reelId, {
      title: title || null,
      chunks: clips.map((c) => ({ clip: c._id, in: 0, out: c.duration, description: c.description })),
    });
  }
  return reelId;
}

export function useCreateReel() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: ({ clips, title }: { clips: readonly NewReelClip[]; title: string | null }) => createReelOf(api, clips, title),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reels.all(session.userId ?? session.userUuid) }),
  });
}

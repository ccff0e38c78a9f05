import type { ReelChunk } from '@app/contracts/clips';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { getReel } from '@/features/reels/api/get-reel';
import { updateReel } from '@/features/reels/api/update-reel';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** A clip as a chunk of a reel: the clip (`_id`) with its in/out and description. */
export type ChunkToAdd = Pick<ReelChunk, 'clip' | 'in' | 'out' | 'description'>;

/**
 * Appends a clip to one of my reels: the reel is read fresh (the list's copy may be old) and saved
 * whole with the clip at its end (`PUT /api/user/reels/{reelId}`), title and share link as they are.
 */
export function useAddClipToReel() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const userKey = session.userId ?? session.userUuid;
  return useMutation({
    mutationFn: async ({ reelId, chunk }: { reelId: string; chunk: ChunkToAdd }) => {
      const reel = await getReel(api, reelId);
      const chunks = [...reel.chunks, chunk].map((c) => ({ clip: c.clip, in: c.in, out: c.out, description: c.description }));
      return updateReel(api, reelId, { title: reel.title, chunks });
    },
    // The lists and the reel itself (under the same key) are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reels.all(userKey) }),
  });
}

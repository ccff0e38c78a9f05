import { sharedReelMessage, type SharedReelMessage } from '@app/contracts/clips';
import { useMutation } from '@tanstack/react-query';

import type { CommentChannel } from '@/features/clips/api/get-clip-comments';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';

/** `POST /api/channel/{owner}/{channel} {message, reel}`: the team owner shares a reel into the team channel. */
export function shareReelInChannel(api: ApiClient, { owner, channel }: CommentChannel, message: string, reel: string): Promise<SharedReelMessage> {
  return api.request(`/api/channel/${encodeURIComponent(owner)}/${encodeURIComponent(channel)}`, {
    method: 'POST',
    body: { message, reel },
    schema: sharedReelMessage,
  });
}

export function useShareReelInChannel(where: CommentChannel | null) {
  const api = useApiClient();
  return useMutation({ mutationFn: ({ message, reel }: { message: string; reel: string }) => shareReelInChannel(api, where!, message, reel) });
}

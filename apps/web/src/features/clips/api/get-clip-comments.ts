import { channelComments, type ChannelComment } from '@app/contracts/clips';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

export type CommentChannel = { owner: string; channel: string };

export function clipCommentsPath({ owner, channel }: CommentChannel, clipId: string) {
  return `/api/channel/${encodeURIComponent(owner)}/${encodeURIComponent(channel)}/${encodeURIComponent(clipId)}`;
}

/** `GET /api/channel/{owner}/{channel}/{clipId}`: the clip's comments in that channel, newest first. */
export function getClipComments(api: ApiClient, where: CommentChannel, clipId: string, signal?: AbortSignal): Promise<ChannelComment[]> {
  return api.request(clipCommentsPath(where, clipId), { schema: channelComments, signal });
}

export function useClipComments(where: CommentChannel | null, clipId: string) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.clipComments(session.userId ?? session.userUuid, where?.owner ?? '', where?.channel ?? '', clipId),
    queryFn: ({ signal }) => getClipComments(api, where!, clipId, signal),
    enabled: session.isLoggedIn && where !== null && clipId !== '',
  });
}

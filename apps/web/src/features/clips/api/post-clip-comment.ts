import { channelComment, type ChannelComment } from '@app/contracts/clips';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { clipCommentsPath, type CommentChannel } from '@/features/clips/api/get-clip-comments';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/channel/{owner}/{channel}/{clipId} {message}`: answers the stored comment. */
export function postClipComment(api: ApiClient, where: CommentChannel, clipId: string, message: string): Promise<ChannelComment> {
  return api.request(clipCommentsPath(where, clipId), { method: 'POST', body: { message }, schema: channelComment });
}

/** A posted comment is prepended locally (no refetch of the whole list). */
export function usePostClipComment(where: CommentChannel | null, clipId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (message: string) => postClipComment(api, where!, clipId, message),
    onSuccess: (posted) => {
      if (!where) return;
      const key = queryKeys.clipComments(session.userId ?? session.userUuid, where.owner, where.channel, clipId);
      queryClient.setQueryData<ChannelComment[]>(key, (list) => [posted, ...(list ?? []).filter((c) => c._id !== posted._id)]);
    },
  });
}

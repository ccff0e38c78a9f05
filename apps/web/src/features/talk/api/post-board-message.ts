import { postBoardResponse, type BoardItem, type PostBoardBody } from '@app/contracts/talk';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { upsertItem } from '@/features/talk/utils/talk-cache';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';

type Poster = { username: string; channel: BoardItem['channel'] };

/**
 * `POST /api/team/board {subject, message}`: the posted message is prepended at once, built from what
 * was sent (the server answers only its id); the live update then puts the server's version in its place.
 */
export function usePostBoardMessage(poster: Poster | null) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (body: PostBoardBody) => api.request('/api/team/board', { method: 'POST', body, schema: postBoardResponse }),
    onSuccess: ({ id }, body) => {
      if (!poster) return;
      upsertItem(queryClient, queryKeys.talk.board(session.userId ?? session.userUuid), {
        _id: id,
        subject: body.subject ?? '',
        publisher: poster.username,
        content: body.message,
        timestamp: Date.now(),
        type: null,
        action: null,
        recipients: [],
        channel: poster.channel,
        preview: null,
        replies: 0,
      });
    },
  });
}

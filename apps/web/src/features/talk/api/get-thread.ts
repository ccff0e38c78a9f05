import { boardReply, boardThread } from '@app/contracts/talk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { addReply, removeItem, removeReply } from '@/features/talk/utils/talk-cache';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';
import { notePosition } from '@/lib/updates/list-positions';

const messagePath = (messageId: string) => `/api/team/board/${encodeURIComponent(messageId)}`;

/** `GET /api/team/board/{id}`: the message and its replies, newest first. */
export function useThread(messageId: string) {
  const api = useApiClient();
  const session = useSession();
  const queryKey = queryKeys.talk.thread(session.userId ?? session.userUuid, messageId);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.request(messagePath(messageId), { schema: boardThread, signal, onResponse: notePosition(queryKey) }),
    enabled: session.isLoggedIn && messageId !== '',
  });
}

/** `POST /api/team/board/{id} {message}`: the reply goes on top of the thread (once, however its live update arrives). */
export function usePostReply(messageId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (message: string) => api.request(messagePath(messageId), { method: 'POST', body: { message }, schema: boardReply }),
    onSuccess: (reply) => addReply(queryClient, session.userId ?? session.userUuid, messageId, reply),
  });
}

/** `DELETE /api/team/board/{id}` (the author or the team owner): gone from every list at once. */
export function useDeleteMessage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (messageId: string) => api.request(messagePath(messageId), { method: 'DELETE' }),
    onSuccess: (_, messageId) => removeItem(queryClient, queryKeys.talk.board(session.userId ?? session.userUuid), messageId),
  });
}

/** `DELETE /api/team/board/{id}/{replyId}` (its author or the team owner). */
export function useDeleteReply(messageId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: (replyId: string) => api.request(`${messagePath(messageId)}/${encodeURIComponent(replyId)}`, { method: 'DELETE' }),
    onSuccess: (_, replyId) => removeReply(queryClient, session.userId ?? session.userUuid, messageId, replyId),
  });
}

import { boardPage, type BoardPage } from '@app/contracts/talk';
import { useQuery } from '@tanstack/react-query';

import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/auth/session';
import { queryKeys, type UserKey } from '@/lib/query-keys';
import { notePosition } from '@/lib/updates/list-positions';
import { useInfiniteList } from '@/lib/use-infinite-list';

/** The two lists of team talk: the message board and the activity feed, paged alike. */
export type TalkList = 'board' | 'activity';

const PAGE_SIZE = 20;

const listKeys = {
  board: { list: queryKeys.talk.boardList, recent: queryKeys.talk.boardRecent },
  activity: { list: queryKeys.talk.activityList, recent: queryKeys.talk.activityRecent },
} satisfies Record<TalkList, { list: (u: UserKey) => readonly unknown[]; recent: (u: UserKey, limit: number) => readonly unknown[] }>;

/** `GET /api/team/board` or `/api/team/activity`: newest first, items strictly older than `timestamp`. */
export function getTalkPage(
  api: ApiClient,
  list: TalkList,
  { limit, timestamp }: { limit: number; timestamp?: number },
  signal?: AbortSignal,
  onResponse?: (response: Response) => void,
) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (timestamp !== undefined) query.set('timestamp', String(timestamp));
  return api.request(`/api/team/${list}?${query}`, { schema: boardPage, signal, onResponse });
}

/** The whole list, a page at a time as the user scrolls. */
export function useTalkList(list: TalkList) {
  const api = useApiClient();
  const session = useSession();
  const queryKey = listKeys[list].list(session.userId ?? session.userUuid);
  return useInfiniteList<BoardPage>({
    queryKey,
    fetchPage: (timestamp, signal) => getTalkPage(api, list, { limit: PAGE_SIZE, timestamp }, signal, timestamp === undefined ? notePosition(queryKey) : undefined),
    enabled: session.isLoggedIn,
  });
}

/** The newest few (the dashboard's sections). */
export function useRecentTalk(list: TalkList, limit: number) {
  const api = useApiClient();
  const session = useSession();
  const queryKey = listKeys[list].recent(session.userId ?? session.userUuid, limit);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => getTalkPage(api, list, { limit }, signal, notePosition(queryKey)),
    enabled: session.isLoggedIn,
  });
}

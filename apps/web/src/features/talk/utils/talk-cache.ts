import type { BoardItem, BoardReply, BoardThread, NotificationPage } from '@app/contracts/talk';
import type { TeamResponse } from '@app/contracts/teams';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

import { queryKeys, type UserKey } from '@/lib/query-keys';

/**
 * Edits of the cached team-talk lists, shared by the pages' own mutations and the live update stream,
 * so a post seen twice (the poster's own insert, then its event) is never shown twice and a reply
 * is counted once.
 */

type Paged<T> = { items: T[] };
/** A cached list: paged (the list pages), or one page (the dashboard's newest few, its limit last in the key). */
type CachedList<T> = InfiniteData<Paged<T>> | Paged<T>;

function isPaged<T>(data: CachedList<T>): data is InfiniteData<Paged<T>> {
  return 'pages' in data;
}

/** Applies `edit` to the items of every list under `prefix`; `edit` gets the first page's items and whether it is the first page. */
function editLists<T>(queryClient: QueryClient, prefix: QueryKey, edit: (items: T[], first: boolean, limit: number | undefined) => T[]) {
  for (const [key, data] of queryClient.getQueriesData<CachedList<T>>({ queryKey: prefix })) {
    if (!data) continue;
    const limit = typeof key.at(-1) === 'number' ? (key.at(-1) as number) : undefined;
    const next = isPaged(data)
      ? { ...data, pages: data.pages.map((page, index) => ({ ...page, items: edit(page.items, index === 0, undefined) })) }
      : { ...data, items: edit(data.items, true, limit) };
    queryClient.setQueryData(key, next);
  }
}

function listHas<T extends { _id: string }>(queryClient: QueryClient, prefix: QueryKey, id: string): boolean {
  return queryClient.getQueriesData<CachedList<T>>({ queryKey: prefix }).some(([, data]) => {
    if (!data) return false;
    return (isPaged(data) ? data.pages.flatMap((p) => p.items) : data.items).some((item) => item._id === id);
  });
}

/**
 * A new item at the top of every list under `prefix` (the board's or the activity feed's); one already
 * listed is replaced by this, the server's, version instead.
 */
export function upsertItem(queryClient: QueryClient, prefix: QueryKey, item: BoardItem) {
  const known = listHas(queryClient, prefix, item._id);
  editLists<BoardItem>(queryClient, prefix, (items, first, limit) => {
    if (known) return items.map((i) => (i._id === item._id ? item : i));
    if (!first) return items;
    const added = [item, ...items];
    return limit === undefined ? added : added.slice(0, limit);
  });
}

export function removeItem(queryClient: QueryClient, prefix: QueryKey, id: string) {
  editLists<{ _id: string }>(queryClient, prefix, (items) => items.filter((i) => i._id !== id));
}

function countReplies(queryClient: QueryClient, userKey: UserKey, messageId: string, by: number) {
  editLists<BoardItem>(queryClient, queryKeys.talk.board(userKey), (items) =>
    items.map((i) => (i._id === messageId ? { ...i, replies: Math.max(0, i.replies + by) } : i)),
  );
}

/**
 * A new reply: at the top of its open thread, and counted on its message. A reply the thread already
 * holds changes nothing. Without the thread in the cache, only the count moves.
 */
export function addReply(queryClient: QueryClient, userKey: UserKey, messageId: string, reply: BoardReply) {
  const key = queryKeys.talk.thread(userKey, messageId);
  const thread = queryClient.getQueryData<BoardThread>(key);
  if (thread) {
    if (thread.messages.some((m) => m._id === reply._id)) return;
    queryClient.setQueryData<BoardThread>(key, {
      board: { ...thread.board, replies: thread.board.replies + 1 },
      messages: [reply, ...thread.messages],
    });
  }
  countReplies(queryClient, userKey, messageId, 1);
}

/** A deleted reply: gone from its thread, and uncounted (once: a thread that no longer holds it changes nothing). */
export function removeReply(queryClient: QueryClient, userKey: UserKey, messageId: string, replyId: string) {
  const key = queryKeys.talk.thread(userKey, messageId);
  const thread = queryClient.getQueryData<BoardThread>(key);
  if (thread) {
    if (!thread.messages.some((m) => m._id === replyId)) return;
    queryClient.setQueryData<BoardThread>(key, {
      board: { ...thread.board, replies: Math.max(0, thread.board.replies - 1) },
      messages: thread.messages.filter((m) => m._id !== replyId),
    });
  }
  countReplies(queryClient, userKey, messageId, -1);
}

/** The active team's channel as the cache knows it: undefined when the team is not loaded, null when there is none. */
export function activeChannel(queryClient: QueryClient, userKey: UserKey): { owner: string; channel: string } | null | undefined {
  const team = queryClient.getQueryData<TeamResponse>(queryKeys.team(userKey));
  if (!team) return undefined;
  return 'owner' in team ? { owner: team.owner, channel: team.channel } : null;
}

type NotificationsCache = InfiniteData<NotificationPage>;

/** Edits the cached notifications (the bell's panel), if loaded. */
export function editNotifications(queryClient: QueryClient, userKey: UserKey, edit: (data: NotificationsCache) => NotificationsCache) {
  const key = queryKeys.talk.notifications(userKey);
  const data = queryClient.getQueryData<NotificationsCache>(key);
  if (data && data.pages.length > 0) queryClient.setQueryData<NotificationsCache>(key, edit(data));
}

/** The bell's count, as the server last said it. */
export function setUnread(data: NotificationsCache, unread: number): NotificationsCache {
  return { ...data, pages: data.pages.map((page, index) => (index === 0 ? { ...page, unread } : page)) };
}


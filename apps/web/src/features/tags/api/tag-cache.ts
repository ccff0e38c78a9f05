import type { Tag, TagList } from '@app/contracts/film';
import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';

import { tagsKey, type TagTarget } from '@/features/tags/api/get-tags';
import { useSession } from '@/lib/auth/session';

/**
 * A target's instances in the cache, as every tag change writes them before the server answers. Each
 * change is a mutation under the list's key, so the update stream and the end of a burst of presses know
 * whether changes are still on their way.
 */
export type TagCache = {
  key: QueryKey;
  items(): Tag[];
  write(items: Tag[]): void;
  /** Stops a read in flight, whose answer would undo the change about to be shown. */
  hold(): Promise<void>;
  /** After the last change on its way: read the list again if a teammate's change came meanwhile, or one of mine failed. */
  settle(failed: boolean): void;
};

function tagCache(queryClient: QueryClient, key: QueryKey): TagCache {
  return {
    key,
    items: () => queryClient.getQueryData<TagList>(key)?.items ?? [],
    write: (items) => queryClient.setQueryData<TagList>(key, { items }),
    hold: () => queryClient.cancelQueries({ queryKey: key }),
    settle: (failed) => {
      // The settling change still counts as on its way here.
      const last = queryClient.isMutating({ mutationKey: key }) <= 1;
      if (!last) return;
      // New instances announced while my presses were on their way: mine when their answers brought them.
      const known = new Set(queryClient.getQueryData<TagList>(key)?.items.map((t) => t._id));
      const announced = takeAnnounced(queryClient, key);
      const teammates = announced.some((id) => !known.has(id));
      if (failed || teammates || queryClient.getQueryState(key)?.isInvalidated) void queryClient.invalidateQueries({ queryKey: key });
    },
  };
}

export function useTagCache(target: TagTarget): TagCache {
  const queryClient = useQueryClient();
  const session = useSession();
  const userKey = session.userId ?? session.userUuid;
  const { kind, key } = target;
  return useMemo(() => tagCache(queryClient, tagsKey(userKey, { kind, key })), [queryClient, userKey, kind, key]);
}

/** Ids of new instances the update stream announced while my own changes were on their way, by list. */
const announcedNew = new WeakMap<QueryClient, Map<string, Set<string>>>();

function takeAnnounced(queryClient: QueryClient, key: QueryKey): string[] {
  const lists = announcedNew.get(queryClient);
  const ids = lists?.get(hashKey(key));
  lists?.delete(hashKey(key));
  return ids ? [...ids] : [];
}

/**
 * A teammate changed the target's instances: read them again, or, while changes of mine are on their way,
 * once they are all answered. A new instance the list already has is my own press, answered: reading
 * 3,000 instances again after each press would hold up the next one. One announced while my presses are
 * on their way is most likely one of them: it is read again only if no answer brought it.
 */
export function invalidateTags(queryClient: QueryClient, key: QueryKey, made: string | null = null): void {
  const busy = queryClient.isMutating({ mutationKey: key }) > 0;
  if (made !== null) {
    if (queryClient.getQueryData<TagList>(key)?.items.some((t) => t._id === made)) return;
    if (busy) {
      const lists = announcedNew.get(queryClient) ?? new Map<string, Set<string>>();
      announcedNew.set(queryClient, lists);
      const ids = lists.get(hashKey(key)) ?? new Set<string>();
      lists.set(hashKey(key), ids.add(made));
      return;
    }
  }
  void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: busy ? 'none' : 'active' });
}

import type { Tag, TagList } from '@app/contracts/film';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
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
      if (last && (failed || queryClient.getQueryState(key)?.isInvalidated)) void queryClient.invalidateQueries({ queryKey: key });
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

/** A teammate changed the target's instances: read them again, or, while changes of mine are on their way, once they are all answered. */
export function invalidateTags(queryClient: QueryClient, key: QueryKey): void {
  const busy = queryClient.isMutating({ mutationKey: key }) > 0;
  void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: busy ? 'none' : 'active' });
}

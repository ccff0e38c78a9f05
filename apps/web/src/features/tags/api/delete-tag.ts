import type { Tag } from '@app/contracts/film';
import { useMutation } from '@tanstack/react-query';

import type { TagTarget } from '@/features/tags/api/get-tags';
import { useTagCache } from '@/features/tags/api/tag-cache';
import { insertByStart } from '@/features/tags/utils/press';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';

/** `DELETE /api/user/tags/{id}` (its maker or the team's owner). */
export function deleteTag(api: ApiClient, id: string): Promise<unknown> {
  return api.request(`/api/user/tags/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The instance leaves the page at once and comes back if the server refuses. */
export function useDeleteTag(target: TagTarget) {
  const api = useApiClient();
  const cache = useTagCache(target);
  return useMutation<unknown, Error, Tag, { removed: Tag }>({
    mutationKey: cache.key,
    mutationFn: (t) => deleteTag(api, t._id),
    onMutate: async (t) => {
      await cache.hold();
      cache.write(cache.items().filter((item) => item._id !== t._id));
      return { removed: t };
    },
    onError: (_error, _t, context) => {
      if (context) cache.write(insertByStart(cache.items(), context.removed));
    },
    onSettled: (_answer, error) => cache.settle(error !== null),
  });
}

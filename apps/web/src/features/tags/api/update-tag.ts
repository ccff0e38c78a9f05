import { tag, type Tag, type UpdateTagBody } from '@app/contracts/film';
import { useMutation } from '@tanstack/react-query';

import type { TagTarget } from '@/features/tags/api/get-tags';
import { useTagCache } from '@/features/tags/api/tag-cache';
import { changeTag, settlePress } from '@/features/tags/utils/press';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/api-client-context';

/** `PUT /api/user/tags/{id}` (its maker or the team's owner): trim, relabel or recode an instance. */
export function updateTag(api: ApiClient, id: string, body: UpdateTagBody): Promise<Tag> {
  return api.request(`/api/user/tags/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: tag });
}

export type TagChange = {
  /** The instance as the cache holds it (a press's temporary id while its POST is on its way). */
  id: string;
  changes: Partial<Pick<Tag, 'start' | 'end' | 'labels' | 'code'>>;
  /** A press not answered yet: the change is sent once it is, to the saved instance. */
  saved?: Promise<Tag> | null;
};

/** A change shown at once and replaced by the server's answer; taken back when refused. */
export function useUpdateTag(target: TagTarget) {
  const api = useApiClient();
  const cache = useTagCache(target);
  return useMutation<Tag, Error, TagChange, { before: Tag | undefined }>({
    mutationKey: cache.key,
    mutationFn: async ({ id, changes, saved }) => updateTag(api, saved ? (await saved)._id : id, changes),
    onMutate: async ({ id, changes }) => {
      await cache.hold();
      const before = cache.items().find((t) => t._id === id);
      cache.write(changeTag(cache.items(), id, changes));
      return { before };
    },
    onSuccess: (answer, { id }) => cache.write(settlePress(cache.items(), id, answer)),
    onError: (_error, _variables, context) => {
      const before = context?.before;
      if (before) cache.write(changeTag(cache.items(), before._id, before));
    },
    onSettled: (_answer, error) => cache.settle(error !== null),
  });
}

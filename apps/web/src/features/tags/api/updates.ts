import { tagsKey } from '@/features/tags/api/get-tags';
import { invalidateTags } from '@/features/tags/api/tag-cache';
import { queryKeys } from '@/lib/query-keys';
import type { UpdateFeature } from '@/lib/updates/update-handlers';

/**
 * `GET /api/updates` for film study: a teammate tagged, changed or deleted an instance of a video or of a
 * live game (a live game's tag names both once its recording exists), so its instances are read again.
 */
export const tagUpdates: UpdateFeature = {
  handlers: {
    tag: (queryClient, { _id, video, event, change }, userKey) => {
      const made = change === 'new' ? _id : null;
      if (video) invalidateTags(queryClient, tagsKey(userKey, { kind: 'video', key: video }), made);
      if (event) invalidateTags(queryClient, tagsKey(userKey, { kind: 'live', key: event }), made);
    },
    resync: (queryClient, _data, userKey) => void queryClient.invalidateQueries({ queryKey: queryKeys.tags.all(userKey) }),
  },
};

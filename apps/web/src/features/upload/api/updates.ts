import { queryKeys } from '@/lib/query-keys';
import type { UpdateFeature } from '@/lib/updates/update-handlers';

/** `GET /api/updates` for the upload's confirm page: a video it created changed processing state, so the list reads it again. */
export const uploadUpdates: UpdateFeature = {
  handlers: {
    video: (queryClient, _data, userKey) => void queryClient.invalidateQueries({ queryKey: queryKeys.videos.byKeysAll(userKey) }),
  },
};

import { queryKeys } from '@/lib/query-keys';
import type { UpdateFeature } from '@/lib/updates/update-handlers';

/** `GET /api/updates` for my videos: one changed processing state, so its page and every list showing it read it again. */
export const videoUpdates: UpdateFeature = {
  handlers: {
    video: (queryClient, { _id }, userKey) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.videos.detail(userKey, _id), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.videos.list(userKey) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.videos.recents(userKey) });
    },
  },
};

import { queryKeys } from '@/lib/query-keys';
import type { UpdateFeature } from '@/lib/updates/update-handlers';

/** `GET /api/updates` for drawings: a teammate drew, changed or deleted one on a video, whose drawings are read again. */
export const drawingUpdates: UpdateFeature = {
  handlers: {
    drawing: (queryClient, { video }, userKey) => {
      if (video) void queryClient.invalidateQueries({ queryKey: queryKeys.drawings.ofVideo(userKey, video) });
    },
    resync: (queryClient, _data, userKey) => void queryClient.invalidateQueries({ queryKey: queryKeys.drawings.all(userKey) }),
  },
};

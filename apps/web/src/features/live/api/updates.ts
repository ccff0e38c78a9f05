import { queryKeys } from '@/lib/query-keys';
import type { UpdateFeature } from '@/lib/updates/update-handlers';

/** `GET /api/updates` for live games: a live game's activity item changes as it ends (or goes on again), and so does the game. */
export const liveUpdates: UpdateFeature = {
  handlers: {
    activity: (queryClient, { item }, userKey) => {
      if (item.type === 'live' && item.action) void queryClient.invalidateQueries({ queryKey: queryKeys.live.event(userKey, item.action) });
    },
  },
};

import type { QueryClient } from '@tanstack/react-query';

import { queryKeys, type UserKey } from '@/lib/query-keys';
import type { UpdateFeature } from '@/lib/updates/update-handlers';

// Which lists hold an item, and the caller's own answer in them, only the server knows: read them again.
function reloadSchedule(queryClient: QueryClient, userKey: UserKey) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.schedule.lists(userKey) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.schedule.details(userKey) });
}

/** `GET /api/updates` for the team schedule: its lists and items read again on a change. */
export const scheduleUpdates: UpdateFeature = {
  lists: (userKey) => [queryKeys.schedule.all(userKey)],
  handlers: {
    schedule: (queryClient, _data, userKey) => reloadSchedule(queryClient, userKey),
    // A live game's activity item changes as the game ends (or goes on again): so does its schedule item.
    activity: (queryClient, { item }, userKey) => {
      if (item.type === 'live') reloadSchedule(queryClient, userKey);
    },
    resync: (queryClient, _data, userKey) => void queryClient.invalidateQueries({ queryKey: queryKeys.schedule.all(userKey) }),
  },
};

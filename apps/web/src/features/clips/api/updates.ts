import { queryKeys } from '@/lib/query-keys';
import type { UpdateFeature } from '@/lib/updates/update-handlers';

/** `GET /api/updates` for clip comments: a new or deleted comment reloads them (who may see the clip is checked there). */
export const clipUpdates: UpdateFeature = {
  handlers: {
    comment: (queryClient, { channel, clip }, userKey) =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.clipComments(userKey, channel.owner, channel.channel, clip) }),
    delete: (queryClient, { kind }, userKey) => {
      if (kind === 'comment') void queryClient.invalidateQueries({ queryKey: queryKeys.allClipComments(userKey) });
    },
    resync: (queryClient, _data, userKey) => void queryClient.invalidateQueries({ queryKey: queryKeys.allClipComments(userKey) }),
  },
};

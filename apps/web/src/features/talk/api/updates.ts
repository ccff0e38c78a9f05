import type { BoardItem } from '@app/contracts/talk';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

import { activeChannel, addReply, editNotifications, removeItem, removeReply, setUnread, upsertItem } from '@/features/talk/utils/talk-cache';
import { queryKeys, type UserKey } from '@/lib/query-keys';
import type { UpdateFeature } from '@/lib/updates/update-handlers';

const talk = queryKeys.talk;

/** A board message or activity item goes on the lists when it is the active team's; unsure (team not loaded), they reload. */
function addToTeamList(queryClient: QueryClient, userKey: UserKey, prefix: QueryKey, item: BoardItem) {
  const channel = activeChannel(queryClient, userKey);
  if (channel === undefined) {
    void queryClient.invalidateQueries({ queryKey: prefix });
    return;
  }
  if (channel && channel.owner === item.channel.owner && channel.channel === item.channel.channel) upsertItem(queryClient, prefix, item);
}

/** `GET /api/updates` for team talk: the board, its threads, the activity feed and the bell, kept current in place. */
export const talkUpdates: UpdateFeature = {
  lists: (userKey) => [talk.all(userKey)],
  handlers: {
    board: (queryClient, { item }, userKey) => addToTeamList(queryClient, userKey, talk.board(userKey), item),
    activity: (queryClient, { item }, userKey) => addToTeamList(queryClient, userKey, talk.activity(userKey), item),
    reply: (queryClient, { board, item }, userKey) => addReply(queryClient, userKey, board, item),
    notification: (queryClient, { item }, userKey) =>
      editNotifications(queryClient, userKey, (data) => {
        if (data.pages.some((page) => page.items.some((n) => n._id === item._id))) return data;
        const [first, ...rest] = data.pages;
        return { ...data, pages: [{ ...first!, items: [item, ...first!.items] }, ...rest] };
      }),
    unread: (queryClient, { unread }, userKey) => {
      editNotifications(queryClient, userKey, (data) => setUnread(data, unread));
      // Which ones were read elsewhere is not said: the panel asks again when it next opens.
      void queryClient.invalidateQueries({ queryKey: talk.notifications(userKey), refetchType: 'none' });
    },
    delete: (queryClient, { _id, kind, board }, userKey) => {
      if (kind === 'board') {
        removeItem(queryClient, talk.board(userKey), _id);
        // An open thread asks again and finds it gone.
        void queryClient.invalidateQueries({ queryKey: talk.thread(userKey, _id) });
      } else if (kind === 'reply') {
        if (board) removeReply(queryClient, userKey, board, _id);
        else void queryClient.invalidateQueries({ queryKey: talk.threads(userKey) });
      } else if (kind === 'activity') {
        removeItem(queryClient, talk.activity(userKey), _id);
      } else if (kind === 'notification') {
        editNotifications(queryClient, userKey, (data) => ({
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.filter((n) => n._id !== _id) })),
        }));
      }
    },
    resync: (queryClient, _data, userKey) => void queryClient.invalidateQueries({ queryKey: talk.all(userKey) }),
  },
};

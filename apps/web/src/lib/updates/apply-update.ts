import type { BoardItem } from '@app/contracts/talk';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

import { queryKeys, type UserKey } from '@/lib/query-keys';
import { activeChannel, addReply, editNotifications, removeItem, removeReply, setUnread, upsertItem } from '@/lib/talk/talk-cache';
import type { Update } from '@/lib/updates/parse-update';

/** A board message or activity item goes on the lists when it is the active team's; unsure (team not loaded), they reload. */
function addToTeamList(queryClient: QueryClient, userKey: UserKey, prefix: QueryKey, item: BoardItem) {
  const channel = activeChannel(queryClient, userKey);
  if (channel === undefined) {
    void queryClient.invalidateQueries({ queryKey: prefix });
    return;
  }
  if (channel && channel.owner === item.channel.owner && channel.channel === item.channel.channel) upsertItem(queryClient, prefix, item);
}

/** Writes one update of the live stream into this tab's query cache. */
export function applyUpdate(queryClient: QueryClient, userKey: UserKey, update: Update) {
  const talk = queryKeys.talk;
  switch (update.name) {
    case 'board':
      return addToTeamList(queryClient, userKey, talk.board(userKey), update.data.item);
    case 'activity':
      // A live game's item changes as the game ends (or goes on again): so do its schedule item and where it links.
      if (update.data.item.type === 'live') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.schedule.lists(userKey) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.schedule.details(userKey) });
        if (update.data.item.action) void queryClient.invalidateQueries({ queryKey: queryKeys.live.event(userKey, update.data.item.action) });
      }
      return addToTeamList(queryClient, userKey, talk.activity(userKey), update.data.item);
    case 'reply':
      return addReply(queryClient, userKey, update.data.board, update.data.item);
    case 'comment': {
      const { channel, clip } = update.data;
      void queryClient.invalidateQueries({ queryKey: queryKeys.clipComments(userKey, channel.owner, channel.channel, clip) });
      return;
    }
    case 'notification': {
      const { item } = update.data;
      return editNotifications(queryClient, userKey, (data) => {
        if (data.pages.some((page) => page.items.some((n) => n._id === item._id))) return data;
        const [first, ...rest] = data.pages;
        return { ...data, pages: [{ ...first!, items: [item, ...first!.items] }, ...rest] };
      });
    }
    case 'unread': {
      const { unread } = update.data;
      editNotifications(queryClient, userKey, (data) => setUnread(data, unread));
      // Which ones were read elsewhere is not said: the panel asks again when it next opens.
      void queryClient.invalidateQueries({ queryKey: talk.notifications(userKey), refetchType: 'none' });
      return;
    }
    case 'delete': {
      const { _id, kind, board } = update.data;
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
      } else {
        void queryClient.invalidateQueries({ queryKey: queryKeys.allClipComments(userKey) });
      }
      return;
    }
    case 'schedule':
      // Which lists hold the item, and the caller's own answer in them, only the server knows: read them again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.schedule.lists(userKey) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.schedule.details(userKey) });
      return;
    case 'resync':
      void queryClient.invalidateQueries({ queryKey: talk.all(userKey) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.schedule.all(userKey) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allClipComments(userKey) });
      return;
  }
}

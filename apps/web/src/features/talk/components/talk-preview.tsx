import { displayName } from '@app/contracts/user-me';
import { DASHBOARD_PAGE_SIZE, type BoardItem } from '@app/contracts/talk';
import { MessageSquareIcon } from 'lucide-react';
import { Link } from 'react-router';

import { RelativeTime } from '@/components/relative-time';
import { UserAvatar } from '@/components/user-avatar';
import { useRecentTalk, type TalkList } from '@/features/talk/api/get-talk-list';
import { useTeamBuddies, type BuddyMap } from '@/features/talk/api/get-team-buddies';
import { ActivityItem } from '@/features/talk/components/activity-item';
import { errorMessage } from '@/lib/error-message';

/** A board message in the dashboard: who, the subject or the start of the text, when; opens the thread. */
function MessageRow({ item, buddies }: { item: BoardItem; buddies: BuddyMap }) {
  const publisher = buddies.get(item.publisher.toLowerCase()) ?? { username: item.publisher, name: null, image: null };
  return (
    <Link
      to={`/team/messages/${encodeURIComponent(item._id)}`}
      className="hover:bg-accent/60 focus-visible:ring-ring/50 -mx-2 flex min-w-0 gap-3 rounded-lg p-2 outline-none focus-visible:ring-[3px]"
    >
      <UserAvatar person={publisher} />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-foreground truncate text-sm font-medium">{item.subject || item.content}</span>
        <span className="text-muted-foreground flex items-center gap-1.5 text-xs">
          <span className="truncate">{displayName(publisher)}</span>
          <span aria-hidden="true">·</span>
          <RelativeTime time={item.timestamp} className="shrink-0" />
          {item.replies > 0 ? (
            <span className="flex shrink-0 items-center gap-0.5">
              <span aria-hidden="true">·</span>
              <MessageSquareIcon aria-hidden="true" className="size-3" />
              {item.replies}
              <span className="sr-only">{item.replies === 1 ? 'reply' : 'replies'}</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}

const EMPTY: Record<TalkList, string> = {
  board: 'No messages yet. Post the first one on the Message Board.',
  activity: "What's new on your team will appear here.",
};

/** The dashboard's Message Board or Latest Activity: the newest three, kept live by the update stream. */
export function TalkPreview({ list }: { list: TalkList }) {
  const recent = useRecentTalk(list, DASHBOARD_PAGE_SIZE);
  const buddies = useTeamBuddies();
  if (recent.isPending) {
    return (
      <div role="status" aria-label="Loading" className="flex flex-col gap-2">
        {Array.from({ length: DASHBOARD_PAGE_SIZE }, (_, i) => (
          <div key={i} className="bg-muted h-10 animate-pulse rounded-lg" />
        ))}
      </div>
    );
  }
  // Said quietly: a dashboard section is not worth an alert (the Members section says when there is no team).
  if (recent.isError) return <p>{errorMessage(recent.error)}</p>;
  if (recent.data.items.length === 0) return <p>{EMPTY[list]}</p>;
  return (
    <ul className="flex flex-col gap-1" aria-label={list === 'board' ? 'Latest messages' : 'Latest activity'}>
      {recent.data.items.map((item) => (
        <li key={item._id} className={list === 'activity' ? 'py-1.5' : undefined}>
          {list === 'board' ? <MessageRow item={item} buddies={buddies} /> : <ActivityItem item={item} buddies={buddies} compact />}
        </li>
      ))}
    </ul>
  );
}

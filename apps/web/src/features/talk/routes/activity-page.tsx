import { ActivityIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { InfiniteList } from '@/components/infinite-list';
import { Page } from '@/components/page';
import { useTalkList } from '@/features/talk/api/get-talk-list';
import { useTeamBuddies } from '@/features/talk/api/get-team-buddies';
import { ActivityItem } from '@/features/talk/components/activity-item';

/** /team/activity: what happened on the team, newest first, paged on scroll, live. */
export function Component() {
  const activity = useTalkList('activity');
  const buddies = useTeamBuddies();
  return (
    <Page title="Activity Feed" description="What's new on your team.">
      <InfiniteList
        query={activity}
        noun="activity"
        icon={ActivityIcon}
        layout="list"
        label="Activity"
        // The server answers an empty feed with its welcome item; this shows only if even that is missing.
        empty={<EmptyState icon={ActivityIcon}>Your team's latest activity will appear here.</EmptyState>}
        itemKey={(item) => item._id}
        renderItem={(item) => (
          <div className="bg-card text-card-foreground w-full rounded-xl border p-4 shadow-sm">
            <ActivityItem item={item} buddies={buddies} />
          </div>
        )}
      />
    </Page>
  );
}

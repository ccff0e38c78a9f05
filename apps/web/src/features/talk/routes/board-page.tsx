import { MessagesSquareIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { InfiniteList } from '@/components/infinite-list';
import { Page } from '@/components/page';
import { useTalkList } from '@/features/talk/api/get-talk-list';
import { BoardMessage } from '@/features/talk/components/board-message';
import { NewBoardMessage } from '@/features/talk/components/new-board-message';
import { useBoardViewer } from '@/features/talk/hooks/use-board-viewer';

/** /team/messages: the active team's message board, newest first, paged on scroll, live. */
export function Component() {
  const viewer = useBoardViewer();
  const board = useTalkList('board');
  return (
    <Page title="Message Board" description="Announcements and conversations with your team.">
      <NewBoardMessage viewer={viewer} />
      <InfiniteList
        query={board}
        noun="messages"
        icon={MessagesSquareIcon}
        layout="list"
        label="Messages"
        placeholder={<div className="bg-muted h-32 animate-pulse rounded-xl" />}
        empty={
          <EmptyState icon={MessagesSquareIcon} title="No messages yet">
            Start the conversation: open New Message and post to your team.
          </EmptyState>
        }
        itemKey={(item) => item._id}
        renderItem={(item) => <BoardMessage item={item} viewer={viewer} />}
      />
    </Page>
  );
}

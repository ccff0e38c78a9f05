import { MessageSquareIcon, RefreshCwIcon } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { PageLoading } from '@/components/page-loading';
import { Button } from '@/components/ui/button';
import { useThread } from '@/features/talk/api/get-thread';
import { BoardMessage } from '@/features/talk/components/board-message';
import { ReplyForm } from '@/features/talk/components/reply-form';
import { ReplyList } from '@/features/talk/components/reply-list';
import { useBoardViewer } from '@/features/talk/hooks/use-board-viewer';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

const BOARD = '/team/messages';

/** /team/messages/:messageId: the message under its subject, the Message input with Post, and the replies (live). */
export function Component() {
  const { messageId = '' } = useParams();
  const thread = useThread(messageId);
  const viewer = useBoardViewer();
  const navigate = useNavigate();

  if (thread.isPending) {
    return (
      <Page title="Message">
        <PageLoading />
      </Page>
    );
  }
  if (thread.isError) {
    const gone = thread.error instanceof ApiError && thread.error.statusCode === 404;
    return (
      <Page title="Message">
        <EmptyState
          icon={MessageSquareIcon}
          title={gone ? 'Message not found' : 'Could not load the message'}
          action={
            gone ? (
              <Button asChild variant="outline">
                <Link to={BOARD}>Back to the Message Board</Link>
              </Button>
            ) : (
              <Button variant="outline" onClick={() => void thread.refetch()}>
                <RefreshCwIcon aria-hidden="true" /> Try again
              </Button>
            )
          }
        >
          {gone ? 'It was deleted, or it is not on your team’s board.' : errorMessage(thread.error)}
        </EmptyState>
      </Page>
    );
  }
  const { board, messages } = thread.data;
  return (
    <Page title={board.subject || 'Message'}>
      <BoardMessage item={board} viewer={viewer} inThread onDeleted={() => void navigate(BOARD, { replace: true })} />
      <section aria-labelledby="replies-heading" className="flex flex-col gap-4">
        <h2 id="replies-heading" className="text-lg font-semibold">
          Replies{board.replies > 0 ? <span className="text-muted-foreground font-normal"> ({board.replies})</span> : null}
        </h2>
        <ReplyForm messageId={board._id} viewer={viewer} />
        <ReplyList replies={messages} messageId={board._id} viewer={viewer} />
      </section>
    </Page>
  );
}

import { displayName } from '@app/contracts/user-me';
import type { BoardReply } from '@app/contracts/talk';
import { MessageSquareIcon } from 'lucide-react';

import { ConfirmDeleteButton } from '@/components/confirm-delete-button';
import { RelativeTime } from '@/components/relative-time';
import { UserAvatar } from '@/components/user-avatar';
import { useDeleteReply } from '@/features/talk/api/get-thread';
import { TalkText } from '@/features/talk/components/talk-text';
import type { BoardViewer } from '@/features/talk/hooks/use-board-viewer';

function Reply({ reply, messageId, viewer }: { reply: BoardReply; messageId: string; viewer: BoardViewer }) {
  const remove = useDeleteReply(messageId);
  return (
    <article className="flex gap-3 text-sm">
      <UserAvatar person={{ username: reply.publisher, name: reply.name, image: reply.image }} />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <header className="flex items-start justify-between gap-2">
          <p className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <span className="truncate font-medium">{reply.publisher === viewer.username ? 'You' : displayName({ username: reply.publisher, name: reply.name })}</span>
            <RelativeTime time={reply.timestamp} className="text-muted-foreground text-xs" />
          </p>
          {viewer.canDelete(reply.publisher) ? (
            <ConfirmDeleteButton what="reply" pending={remove.isPending} error={remove.error} onDelete={() => remove.mutate(reply._id)} />
          ) : null}
        </header>
        <p className="break-words whitespace-pre-wrap">
          <TalkText text={reply.content} members={viewer.mentions} />
        </p>
      </div>
    </article>
  );
}

/** A thread's replies, newest first. */
export function ReplyList({ replies, messageId, viewer }: { replies: BoardReply[]; messageId: string; viewer: BoardViewer }) {
  if (replies.length === 0) {
    return (
      <p className="text-muted-foreground flex items-center gap-2 text-sm">
        <MessageSquareIcon aria-hidden="true" className="size-4" /> No replies yet. Be the first to answer.
      </p>
    );
  }
  return (
    <ul aria-label="Replies" className="flex flex-col gap-4">
      {replies.map((reply) => (
        <li key={reply._id}>
          <Reply reply={reply} messageId={messageId} viewer={viewer} />
        </li>
      ))}
    </ul>
  );
}

import { displayName } from '@app/contracts/user-me';
import type { BoardItem } from '@app/contracts/talk';
import { MessageSquareIcon } from 'lucide-react';
import { Link } from 'react-router';

import { ConfirmDeleteButton } from '@/components/confirm-delete-button';
import { RelativeTime } from '@/components/relative-time';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { useDeleteMessage } from '@/features/talk/api/get-thread';
import { TalkItemLink } from '@/features/talk/components/talk-item-link';
import { TalkText } from '@/features/talk/components/talk-text';
import type { BoardViewer } from '@/features/talk/hooks/use-board-viewer';
import { cn } from '@/lib/utils';

type BoardMessageProps = {
  item: BoardItem;
  viewer: BoardViewer;
  /** On its own thread page: no GO, the subject is the page's heading, and a deletion leaves the page. */
  inThread?: boolean;
  onDeleted?: () => void;
};

/**
 * A board message: avatar and name ('You' for one's own), subject, content (links and mentions
 * clickable, never HTML), when, its link by type, replies and GO to its thread; Delete for its
 * author and the team owner.
 */
export function BoardMessage({ item, viewer, inThread = false, onDeleted }: BoardMessageProps) {
  const remove = useDeleteMessage();
  const mine = item.publisher === viewer.username;
  const publisher = viewer.buddies.get(item.publisher.toLowerCase()) ?? (mine ? viewer.self : null) ?? { username: item.publisher, name: null, image: null };
  const threadPath = `/team/messages/${encodeURIComponent(item._id)}`;
  return (
    <article className="bg-card text-card-foreground flex w-full min-w-0 gap-3 rounded-xl border p-4 shadow-sm">
      <UserAvatar person={publisher} className="size-10" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <header className="flex items-start justify-between gap-2">
          <p className="text-muted-foreground flex min-w-0 flex-wrap items-baseline gap-x-1.5 text-xs">
            {mine ? <span className="font-medium">You</span> : <span className="text-foreground truncate text-sm font-medium">{displayName(publisher)}</span>}
            <span aria-hidden="true">·</span>
            <RelativeTime time={item.timestamp} />
          </p>
          {viewer.canDelete(item.publisher) ? (
            <ConfirmDeleteButton what="message" pending={remove.isPending} error={remove.error} onDelete={() => remove.mutate(item._id, { onSuccess: onDeleted })} />
          ) : null}
        </header>
        {item.subject && !inThread ? <h2 className="font-semibold break-words">{item.subject}</h2> : null}
        <p className={cn('text-sm break-words whitespace-pre-wrap', inThread && 'text-base')}>
          <TalkText text={item.content} members={viewer.mentions} />
        </p>
        <footer className="flex flex-wrap items-center gap-2 pt-1">
          <TalkItemLink item={item} />
          {inThread ? null : (
            <>
              <span className="text-muted-foreground flex items-center gap-1 text-xs">
                <MessageSquareIcon aria-hidden="true" className="size-3.5" />
                {item.replies === 1 ? '1 reply' : `${item.replies} replies`}
              </span>
              <Button asChild size="sm" className="ml-auto">
                <Link to={threadPath}>
                  GO<span className="sr-only"> to {item.subject ? `“${item.subject}”` : 'this message'} and its replies</span>
                </Link>
              </Button>
            </>
          )}
        </footer>
      </div>
    </article>
  );
}

import { displayName } from '@app/contracts/user-me';
import type { BoardItem } from '@app/contracts/talk';
import { ImageIcon } from 'lucide-react';
import { Link } from 'react-router';

import { MentionText } from '@/components/mention-text';
import { RelativeTime } from '@/components/relative-time';
import { UserAvatar } from '@/components/user-avatar';
import type { BuddyMap } from '@/features/talk/api/get-team-buddies';
import { TalkItemLink } from '@/features/talk/components/talk-item-link';
import { itemLink } from '@/features/talk/utils/item-link';
import { mentionMap } from '@/features/talk/utils/mention-map';

/**
 * One activity item: a reel's clip thumbnail (or the publisher's avatar), what happened, who and
 * when, and its link by type. Activity text is shown as text (never HTML).
 */
export function ActivityItem({ item, buddies, compact = false }: { item: BoardItem; buddies: BuddyMap; compact?: boolean }) {
  const publisher = buddies.get(item.publisher.toLowerCase());
  const link = itemLink(item);
  const thumbnail =
    item.type === 'reel' ? (
      <span className="bg-muted flex aspect-video w-24 shrink-0 items-center justify-center overflow-hidden rounded-md sm:w-28">
        {item.preview ? (
          <img src={item.preview} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <ImageIcon aria-hidden="true" className="text-muted-foreground size-5" />
        )}
      </span>
    ) : (
      <UserAvatar person={publisher ?? { username: item.publisher }} className={compact ? undefined : 'size-10'} />
    );
  return (
    <article className="flex min-w-0 gap-3">
      {link?.kind === 'path' ? (
        <Link to={link.to} tabIndex={-1} aria-hidden="true" className="shrink-0">
          {thumbnail}
        </Link>
      ) : (
        thumbnail
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {item.subject ? <h3 className="text-foreground truncate text-sm font-semibold">{item.subject}</h3> : null}
        <p className={compact ? 'text-foreground line-clamp-2 text-sm break-words' : 'text-foreground text-sm break-words whitespace-pre-wrap'}>
          {compact && link?.kind === 'path' ? (
            <Link to={link.to} className="hover:underline">
              {item.content}
            </Link>
          ) : (
            // A post's item holds what its author wrote: mentions link to the members, as on the board.
            <MentionText text={item.content} members={mentionMap(buddies)} />
          )}
        </p>
        <p className="text-muted-foreground flex flex-wrap items-center gap-x-1.5 text-xs">
          <span className="font-medium">{displayName(publisher ?? { username: item.publisher })}</span>
          <span aria-hidden="true">·</span>
          <RelativeTime time={item.timestamp} />
        </p>
        {compact ? null : (
          <div className="pt-1">
            <TalkItemLink item={item} />
          </div>
        )}
      </div>
    </article>
  );
}

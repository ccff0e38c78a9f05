import type { BoardItem } from '@app/contracts/talk';
import { CheckIcon, ExternalLinkIcon, UserPlusIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { useJoinTeam } from '@/features/talk/api/join-team';
import { itemLink } from '@/features/talk/utils/item-link';
import { errorMessage } from '@/lib/error-message';

/** 'Join channel': really joins (and activates) the item's team; the server decides whether one may. */
function JoinChannelButton({ owner, channel, label }: { owner: string; channel: string; label: string }) {
  const join = useJoinTeam();
  if (join.isSuccess) {
    return (
      <span role="status" className="text-muted-foreground flex items-center gap-1 text-sm">
        <CheckIcon aria-hidden="true" className="size-4" /> Joined
      </span>
    );
  }
  return (
    <span className="flex flex-col items-start gap-1">
      <Button type="button" variant="outline" size="sm" disabled={join.isPending} onClick={() => join.mutate({ username: owner, channel })}>
        <UserPlusIcon aria-hidden="true" /> {join.isPending ? 'Joining...' : label}
      </Button>
      {join.isError ? <span className="text-destructive text-xs">{errorMessage(join.error)}</span> : null}
    </span>
  );
}

/** The link of a board message or activity item by its type ('View Clip', 'Watch Live Game', ...), or nothing. */
export function TalkItemLink({ item }: { item: Pick<BoardItem, 'type' | 'action' | 'channel' | 'ended'> }) {
  const link = itemLink(item);
  if (!link) return null;
  if (link.kind === 'join') return <JoinChannelButton owner={link.owner} channel={link.channel} label={link.label} />;
  if (link.kind === 'external') {
    return (
      <Button asChild variant="outline" size="sm">
        <a href={link.href} target="_blank" rel="noopener noreferrer">
          {link.label} <ExternalLinkIcon aria-hidden="true" />
        </a>
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={link.to}>{link.label}</Link>
    </Button>
  );
}

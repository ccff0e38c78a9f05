import { HeartIcon } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { useFollow } from '@/features/live/api/follow-team';
import { useMe } from '@/lib/auth/get-me';

/** Follow a team (its public games come first in the lists); a pressed toggle. None on the user's own team. */
export function FollowButton({ owner, channel, teamName }: { owner: string; channel: string; teamName: string }) {
  const me = useMe();
  if (me.data?.username === owner) return null;
  return <FollowToggle owner={owner} channel={channel} teamName={teamName} />;
}

function FollowToggle({ owner, channel, teamName }: { owner: string; channel: string; teamName: string }) {
  const { following, change } = useFollow(owner, channel);
  return (
    <Button
      type="button"
      size="sm"
      variant={following ? 'secondary' : 'outline'}
      aria-pressed={following === true}
      aria-label={`Follow ${teamName}`}
      title={change.isError ? 'Could not change it, try again.' : undefined}
      disabled={change.isPending}
      onClick={() => change.mutate(!following)}
      className="shrink-0"
    >
      <HeartIcon aria-hidden="true" className={following ? 'fill-current' : undefined} />
      <span className="hidden sm:inline">{following ? 'Following' : 'Follow'}</span>
    </Button>
  );
}

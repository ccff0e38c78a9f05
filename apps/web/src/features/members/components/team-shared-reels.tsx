import { TEAM_SHARED_REELS_LIMIT, type TeamSharedReelList } from '@app/contracts/clips';
import { Link2Icon, Loader2Icon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTeamSharedReels } from '@/features/members/api/get-team-shared-reels';
import { useTurnOffSharedReel } from '@/features/members/api/turn-off-shared-reel';

type SharedReel = TeamSharedReelList['items'][number];

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const titleOf = (reel: SharedReel) => reel.title || (reel.ownClip ? 'Clip' : 'Untitled reel');

/**
 * The team owner's review of the public links that play the team's footage (made by anyone on the
 * team), each with a button that switches it off at once.
 */
export function TeamSharedReels({ onTurnedOff }: { onTurnedOff: (message: string) => void }) {
  const id = useId();
  const reels = useTeamSharedReels();

  let body: React.ReactNode;
  if (reels.isPending) {
    body = (
      <p className="text-muted-foreground flex items-center gap-2 text-sm">
        <Loader2Icon aria-hidden="true" className="size-4 animate-spin" />
        Loading public links...
      </p>
    );
  } else if (reels.isError) body = <ErrorAlert error={reels.error} />;
  else if (reels.data.items.length === 0) {
    body = <p className="text-muted-foreground rounded-lg border border-dashed px-3 py-4 text-center text-sm">No public links: nothing of your team&apos;s footage is shared.</p>;
  } else {
    body = (
      <>
        <ul className="divide-y rounded-lg border">
          {reels.data.items.map((reel) => (
            <SharedReelRow key={reel.reelId} reel={reel} onTurnedOff={() => onTurnedOff(`The public link to "${titleOf(reel)}" is off.`)} />
          ))}
        </ul>
        {reels.data.items.length >= TEAM_SHARED_REELS_LIMIT ? (
          <p className="text-muted-foreground text-xs">The newest {TEAM_SHARED_REELS_LIMIT} are listed; turn some off to see older ones.</p>
        ) : null}
      </>
    );
  }

  return (
    <Card aria-labelledby={`${id}-title`} role="region" className="gap-4 py-5">
      <CardHeader className="px-4 sm:px-5">
        <CardTitle>
          <h2 id={`${id}-title`} className="flex items-center gap-2 text-base">
            <Link2Icon aria-hidden="true" className="text-muted-foreground size-4" />
            Public links to your team&apos;s footage
          </h2>
        </CardTitle>
        <CardDescription>
          Anyone with one of these links can watch it, signed in or not. Turning a link off stops it at once; only the person who made it can
          share it again.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 px-4 sm:px-5">
        {body}
      </CardContent>
    </Card>
  );
}

function SharedReelRow({ reel, onTurnedOff }: { reel: SharedReel; onTurnedOff: () => void }) {
  const turnOff = useTurnOffSharedReel(reel.reelId, { onTurnedOff });
  const title = titleOf(reel);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5 text-sm">
      <div className="min-w-0 flex-1 basis-48">
        <Link to={`/r/${encodeURIComponent(reel.reelId)}`} className="decoration-muted-foreground/50 hover:decoration-foreground block truncate font-medium underline underline-offset-4">
          {title}
        </Link>
        <p className="text-muted-foreground text-xs">
          {reel.ownClip ? 'Clip' : 'Reel'} by {reel.maker}, {day.format(new Date(reel.timestamp))}
        </p>
        <ErrorAlert error={turnOff.error} />
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Turn off the link to ${title}`}
        disabled={turnOff.isPending}
        onClick={() => turnOff.mutate()}
      >
        {turnOff.isPending ? (
          <>
            <Loader2Icon aria-hidden="true" className="animate-spin" /> Turning off...
          </>
        ) : (
          'Turn off'
        )}
      </Button>
    </li>
  );
}

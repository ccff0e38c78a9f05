import type { ReelTeam, SharedReel as SharedReelData } from '@app/contracts/clips';
import { ListVideoIcon, Loader2Icon } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { PageLoading } from '@/components/page-loading';
import { ChunkPlayer } from '@/components/player/chunk-player';
import { laptopPlayerSize } from '@/components/player/laptop-player-size';
import { PublicPage } from '@/components/public-page';
import { UserAvatar } from '@/components/user-avatar';
import { APP_NAME } from '@/config/app';
import { paths } from '@/config/paths';
import { isPreparing, isUnplayable, useSharedReel } from '@/features/reels/api/get-shared-reel';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { useDocumentTitle } from '@/lib/use-document-title';

const NOT_SHARED = 'This reel is not shared';

/** /r/:reelId: a reel's share link, open to anyone signed in or not (`GET /api/reels/{id}`). */
export function Component() {
  const { reelId = '' } = useParams();
  return <SharedReel key={reelId} reelId={reelId} />;
}

function SharedReel({ reelId }: { reelId: string }) {
  const reel = useSharedReel(reelId);
  if (reel.isPending) return <PageLoading />;
  if (reel.isError) return <Unavailable error={reel.error} />;
  return <Player reel={reel.data} onSourceError={() => void reel.refetch()} />;
}

/** Why the link does not play now; while its clips are being cut the page asks again by itself. */
function Unavailable({ error }: { error: Error }) {
  if (isPreparing(error)) {
    return (
      <PublicPage
        title="This reel is being prepared"
        description="Its clips are still being cut. It starts here by itself in a moment: no need to reload."
      >
        <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
          <Loader2Icon aria-hidden="true" className="size-4 animate-spin" />
          Checking every few seconds...
        </p>
      </PublicPage>
    );
  }
  if (isUnplayable(error)) {
    return (
      <PublicPage
        title="This reel cannot be played"
        description="One of its clips could not be prepared. Ask the person who shared it to check the reel and share it again."
      />
    );
  }
  // 404 covers an unknown id and a reel whose maker turned sharing off: the link is dead either way.
  if (error instanceof ApiError && error.statusCode === 404) {
    return <PublicPage title={NOT_SHARED} description="The link may be mistyped, or its owner turned sharing off. Ask them for a new link." />;
  }
  return <PublicPage title="This reel could not be loaded" description={<ErrorAlert error={error} />} />;
}

function Player({ reel, onSourceError }: { reel: SharedReelData; onSourceError: () => void }) {
  const session = useSession();
  const title = reel.title || 'Reel';
  useDocumentTitle(title);
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-col gap-3">
        {reel.team ? <TeamName team={reel.team} /> : null}
        <h1 className="text-2xl font-semibold tracking-tight text-balance break-words">{title}</h1>
      </header>
      {reel.chunks.length > 0 ? (
        <ChunkPlayer chunks={reel.chunks} label={title} onSourceError={onSourceError} className={laptopPlayerSize} />
      ) : (
        <EmptyState icon={ListVideoIcon}>This reel has no clips yet.</EmptyState>
      )}
      {session.isLoggedIn ? null : (
        <p className="text-muted-foreground text-sm">
          Your team on {APP_NAME} too?{' '}
          <Link to={paths.register} className="text-foreground font-medium underline-offset-4 hover:underline">
            Sign up
          </Link>
        </p>
      )}
    </div>
  );
}

/** The team the reel comes from: its logo, or its initials until it has one, and its name. */
function TeamName({ team }: { team: ReelTeam }) {
  return (
    <p className="flex min-w-0 items-center gap-2 text-sm font-medium">
      <UserAvatar person={{ username: team.name, name: team.name, image: team.logo }} className="size-9 rounded-lg" />
      <span className="min-w-0 break-words">{team.name}</span>
    </p>
  );
}

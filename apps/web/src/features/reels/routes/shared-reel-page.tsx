import type { ReelTeam } from '@app/contracts/clips';
import { ListVideoIcon } from 'lucide-react';
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
import { useSharedReel } from '@/features/reels/api/get-shared-reel';
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
  const session = useSession();
  const title = reel.data?.title || 'Reel';
  useDocumentTitle(reel.isError ? NOT_SHARED : title);

  if (reel.isPending) return <PageLoading />;
  if (reel.isError) {
    // 404 covers an unknown id and a reel whose maker turned sharing off: the link is dead either way.
    return reel.error instanceof ApiError && reel.error.statusCode === 404 ? (
      <PublicPage title={NOT_SHARED} description="The link may be mistyped, or its owner turned sharing off. Ask them for a new link." />
    ) : (
      <ErrorAlert error={reel.error} />
    );
  }

  const { data } = reel;
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-col gap-3">
        {data.team ? <TeamName team={data.team} /> : null}
        <h1 className="text-2xl font-semibold tracking-tight text-balance break-words">{title}</h1>
      </header>
      {data.chunks.length > 0 ? (
        <ChunkPlayer chunks={data.chunks} label={title} onSourceError={() => void reel.refetch()} className={laptopPlayerSize} />
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

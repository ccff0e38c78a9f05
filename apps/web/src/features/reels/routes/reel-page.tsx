import { ListVideoIcon, PencilIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { Page } from '@/components/page';
import { PageLoading } from '@/components/page-loading';
import { ChunkPlayer } from '@/components/player/chunk-player';
import { laptopPlayerSize } from '@/components/player/laptop-player-size';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useReel } from '@/lib/clips/get-reel';

/** /library/reels/:reelId: the reel played with the chunk player; its maker gets the Edit link. */
export function Component() {
  const { reelId = '' } = useParams();
  // Keyed: another reel starts with a fresh player.
  return <ReelDetail key={reelId} reelId={reelId} />;
}

function ReelDetail({ reelId }: { reelId: string }) {
  const reel = useReel(reelId);

  if (reel.isPending) return <PageLoading />;
  if (reel.isError) {
    return (
      <Page title="Reel">
        {reel.error instanceof ApiError && reel.error.statusCode === 404 ? (
          <EmptyState icon={ListVideoIcon} title="Reel not found">
            It may have been deleted, or it belongs to someone else.
          </EmptyState>
        ) : (
          <ErrorAlert error={reel.error} />
        )}
      </Page>
    );
  }

  const { data } = reel;
  const title = data.title || 'Reel';
  return (
    <Page
      title={title}
      description={`${data.chunks.length} ${data.chunks.length === 1 ? 'clip' : 'clips'}`}
      actions={
        data.owned ? (
          <Button asChild variant="outline" size="sm">
            <Link to="edit">
              <PencilIcon aria-hidden="true" />
              Edit
            </Link>
          </Button>
        ) : null
      }
    >
      {data.chunks.length > 0 ? (
        <ChunkPlayer chunks={data.chunks} label={title} onSourceError={() => void reel.refetch()} className={laptopPlayerSize} />
      ) : (
        <EmptyState icon={ListVideoIcon}>This reel has no clips yet.</EmptyState>
      )}
    </Page>
  );
}

import type { ReelView } from '@app/contracts/clips';
import { ListVideoIcon, PencilIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { DetailStates } from '@/components/detail-states';
import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { ChunkPlayer } from '@/components/player/chunk-player';
import { laptopPlayerSize } from '@/components/player/laptop-player-size';
import { Button } from '@/components/ui/button';
import { useReel } from '@/lib/api/get-reel';

/** /library/reels/:reelId: the reel played with the chunk player; its maker gets the Edit link. */
export function Component() {
  const { reelId = '' } = useParams();
  // Keyed: another reel starts with a fresh player.
  return <ReelDetail key={reelId} reelId={reelId} />;
}

function ReelDetail({ reelId }: { reelId: string }) {
  const reel = useReel(reelId);
  return (
    <DetailStates query={reel} noun="reel" icon={ListVideoIcon} notFound="It may have been deleted, or it belongs to someone else." pageTitle="Reel">
      {(data) => <LoadedReel reel={data} onSourceError={() => void reel.refetch()} />}
    </DetailStates>
  );
}

function LoadedReel({ reel: data, onSourceError }: { reel: ReelView; onSourceError: () => void }) {
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
        <ChunkPlayer chunks={data.chunks} label={title} onSourceError={onSourceError} className={laptopPlayerSize} />
      ) : (
        <EmptyState icon={ListVideoIcon}>This reel has no clips yet.</EmptyState>
      )}
    </Page>
  );
}

import type { ReelView, ReelViewChunk } from '@app/contracts/clips';
import { ListVideoIcon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';

import { DetailStates } from '@/components/detail-states';
import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { ChunkPlayer, type ChunkOverlay } from '@/components/player/chunk-player';
import { laptopPlayerSize } from '@/components/player/laptop-player-size';
import { Button } from '@/components/ui/button';
import { useReel } from '@/features/reels/api/get-reel';

/** /library/reels/:reelId: the reel played with the chunk player; its maker gets the Edit link. */
export function ReelDetail({ reelId, chunkOverlay }: { reelId: string; /** Drawn over each chunk by the app shell (its video's drawings). */ chunkOverlay?: ChunkOverlay<ReelViewChunk> }) {
  const reel = useReel(reelId);
  return (
    <DetailStates query={reel} noun="reel" icon={ListVideoIcon} notFound="It may have been deleted, or it belongs to someone else." pageTitle="Reel">
      {(data) => <LoadedReel reel={data} chunkOverlay={chunkOverlay} onSourceError={() => void reel.refetch()} />}
    </DetailStates>
  );
}

function LoadedReel({ reel: data, chunkOverlay, onSourceError }: { reel: ReelView; chunkOverlay?: ChunkOverlay<ReelViewChunk>; onSourceError: () => void }) {
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
        <ChunkPlayer chunks={data.chunks} label={title} onSourceError={onSourceError} overlay={chunkOverlay} className={laptopPlayerSize} />
      ) : (
        <EmptyState icon={ListVideoIcon}>This reel has no clips yet.</EmptyState>
      )}
    </Page>
  );
}

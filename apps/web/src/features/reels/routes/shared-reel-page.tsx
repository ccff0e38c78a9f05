import { ListVideoIcon } from 'lucide-react';
import { useParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { PageLoading } from '@/components/page-loading';
import { PublicPage } from '@/components/public-page';
import { ChunkPlayer } from '@/components/player/chunk-player';
import { useSharedReel } from '@/features/reels/api/get-shared-reel';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

const NOT_SHARED = 'This reel is not shared';

/** /r/:reelId: a reel's share link, open to anyone signed in or not (`GET /api/reels/{id}`). */
export function Component() {
  const { reelId = '' } = useParams();
  return <SharedReel key={reelId} reelId={reelId} />;
}

function SharedReel({ reelId }: { reelId: string }) {
  const reel = useSharedReel(reelId);
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
      <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
      {data.chunks.length > 0 ? (
        <ChunkPlayer chunks={data.chunks} label={title} onSourceError={() => void reel.refetch()} />
      ) : (
        <EmptyState icon={ListVideoIcon}>This reel has no clips yet.</EmptyState>
      )}
    </div>
  );
}

import { ClapperboardIcon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { Page } from '@/components/page';
import { PageLoading } from '@/components/page-loading';
import { ChunkPlayer } from '@/components/player/chunk-player';
import { Button } from '@/components/ui/button';
import { ClipComments } from '@/features/clips/components/clip-comments';
import { ApiError } from '@/lib/api-client';
import { useReel } from '@/lib/clips/get-reel';

/**
 * A clip page (/team/clips/{id}, /library/clips/{id}). The id is the clip's reel id (the library
 * card links there, spec section 2): the page plays that reel and shows the clip's comments.
 */
export function ClipDetail({ reelId }: { reelId: string }) {
  const reel = useReel(reelId);

  if (reel.isPending) return <PageLoading />;
  if (reel.isError) {
    return (
      <Page title="Clip">
        {reel.error instanceof ApiError && reel.error.statusCode === 404 ? (
          <EmptyState icon={ClapperboardIcon} title="Clip not found">
            It may have been deleted, or you may no longer see the video it was cut from.
          </EmptyState>
        ) : (
          <ErrorAlert error={reel.error} />
        )}
      </Page>
    );
  }

  const { data } = reel;
  const clipId = data.chunks[0]?.clip ?? '';
  const title = data.title || 'Clip';
  return (
    <Page
      title={title}
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
        <ChunkPlayer chunks={data.chunks} label={title} onSourceError={() => void reel.refetch()} />
      ) : (
        <EmptyState icon={ClapperboardIcon}>This clip has nothing to play.</EmptyState>
      )}
      {clipId ? <ClipComments clipId={clipId} reelId={data.reelId} /> : null}
    </Page>
  );
}

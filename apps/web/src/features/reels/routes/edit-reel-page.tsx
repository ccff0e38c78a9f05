import { CheckIcon, ListVideoIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { PageLoading } from '@/components/page-loading';
import { Button } from '@/components/ui/button';
import { ReelEditor } from '@/features/reels/components/reel-editor';
import { ApiError } from '@/lib/api-client';
import { useReel } from '@/lib/clips/get-reel';
import { errorMessage } from '@/lib/error-message';

/** /library/reels/:reelId/edit: the reel editor (maker only; the server answers 404 to anyone else). */
export function Component() {
  const { reelId = '' } = useParams();
  const reel = useReel(reelId);
  const missing = reel.error instanceof ApiError && reel.error.statusCode === 404;
  return (
    <Page
      title="Edit Reel"
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to=".." relative="path">
            <CheckIcon aria-hidden="true" />
            Done
          </Link>
        </Button>
      }
    >
      {reel.isPending ? (
        <PageLoading />
      ) : reel.isError ? (
        <EmptyState icon={ListVideoIcon} title={missing ? 'Reel not found' : 'Could not load the reel'}>
          {missing ? 'This reel does not exist, or it is not yours.' : errorMessage(reel.error)}
        </EmptyState>
      ) : !reel.data.owned ? (
        <EmptyState icon={ListVideoIcon} title="Not your reel">
          Only the person who made this reel can edit it.
        </EmptyState>
      ) : (
        <ReelEditor key={reelId} reel={reel.data} />
      )}
    </Page>
  );
}

import { CheckIcon, ListVideoIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { DetailStates } from '@/components/detail-states';
import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { useReel } from '@/features/reels/api/get-reel';
import { ReelEditor } from '@/features/reels/components/reel-editor';

/** /library/reels/:reelId/edit: the reel editor (maker only; the server answers 404 to anyone else). */
export function Component() {
  const { reelId = '' } = useParams();
  const reel = useReel(reelId);
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
      <DetailStates query={reel} noun="reel" icon={ListVideoIcon} notFound="This reel does not exist, or it is not yours.">
        {(data) =>
          data.owned ? (
            <ReelEditor key={reelId} reel={data} />
          ) : (
            <EmptyState icon={ListVideoIcon} title="Not your reel">
              Only the person who made this reel can edit it.
            </EmptyState>
          )
        }
      </DetailStates>
    </Page>
  );
}

import { CheckIcon, ScissorsIcon } from 'lucide-react';
import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { DetailStates } from '@/components/detail-states';
import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { useReel } from '@/features/reels/api/get-reel';
import { ClipEditor } from '@/features/reels/components/clip-editor';

const DONE = 'done';

/**
 * /team/clips/:clipId/edit (the id is the clip's reel): trim, title and description. Save keeps
 * editing; 'Done' saves what changed and goes back to the clip. A clip's edits are its own one-chunk
 * reel's, so the page is the reels feature's.
 */
export function Component() {
  const { clipId = '' } = useParams();
  const reel = useReel(clipId);
  const navigate = useNavigate();
  const formId = useId();
  const editing = reel.data !== undefined && reel.data.owned && reel.data.chunks.length > 0;
  return (
    <Page
      title="Edit Clip"
      actions={
        editing ? (
          // Done keeps what was changed: it submits the editor's form, which saves, then goes back.
          <Button type="submit" form={formId} value={DONE} variant="outline" size="sm">
            <CheckIcon aria-hidden="true" />
            Done
          </Button>
        ) : (
          <Button asChild variant="outline" size="sm">
            <Link to=".." relative="path">
              <CheckIcon aria-hidden="true" />
              Done
            </Link>
          </Button>
        )
      }
    >
      <DetailStates query={reel} noun="clip" icon={ScissorsIcon} notFound="This clip does not exist, or it is not shared with you.">
        {(data) =>
          editing ? (
            <ClipEditor key={clipId} reel={data} formId={formId} doneValue={DONE} onDone={() => void navigate('..', { relative: 'path' })} />
          ) : (
            <EmptyState icon={ScissorsIcon} title="Not your clip">
              Only the person who made this clip can edit it.
            </EmptyState>
          )
        }
      </DetailStates>
    </Page>
  );
}

import { CheckIcon, ScissorsIcon } from 'lucide-react';
import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { PageLoading } from '@/components/page-loading';
import { Button } from '@/components/ui/button';
import { ClipEditor } from '@/features/clips/components/clip-editor';
import { ApiError } from '@/lib/api-client';
import { useReel } from '@/lib/clips/get-reel';
import { errorMessage } from '@/lib/error-message';

const DONE = 'done';

/**
 * /team/clips/:clipId/edit (the id is the clip's reel): trim, title and description. Save keeps
 * editing; 'Done' saves what changed and goes back to the clip.
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
      {reel.isPending ? (
        <PageLoading />
      ) : reel.isError ? (
        <EmptyState icon={ScissorsIcon} title={reel.error instanceof ApiError && reel.error.statusCode === 404 ? 'Clip not found' : 'Could not load the clip'}>
          {reel.error instanceof ApiError && reel.error.statusCode === 404
            ? 'This clip does not exist, or it is not shared with you.'
            : errorMessage(reel.error)}
        </EmptyState>
      ) : !reel.data.owned || reel.data.chunks.length === 0 ? (
        <EmptyState icon={ScissorsIcon} title="Not your clip">
          Only the person who made this clip can edit it.
        </EmptyState>
      ) : (
        <ClipEditor key={clipId} reel={reel.data} formId={formId} doneValue={DONE} onDone={() => void navigate('..', { relative: 'path' })} />
      )}
    </Page>
  );
}

import { RefreshCwIcon, TagsIcon } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { PageLoading } from '@/components/page-loading';
import { Button } from '@/components/ui/button';
import { useCodeWindow } from '@/features/tags/api/get-code-window';
import { CodeEditor, CodeList } from '@/features/tags/components/code-editor';
import { errorMessage } from '@/lib/error-message';

/** /team/codes: the team's code window, edited by its owner or an editor, shown to the other members. */
export function Component() {
  const codes = useCodeWindow();
  const navigate = useNavigate();
  const location = useLocation();
  // Back to the video or game the editor was opened from; a link opened on its own goes to the videos.
  const done = () => void (location.key === 'default' ? navigate('/team/videos') : navigate(-1));
  return (
    <Page
      title="Code window"
      description="The buttons your team tags game film with."
      actions={
        <Button variant="outline" onClick={done}>
          Done
        </Button>
      }
    >
      {codes.isPending ? (
        <PageLoading />
      ) : codes.isError ? (
        <EmptyState
          icon={TagsIcon}
          title="Could not load the code window"
          action={
            <Button variant="outline" onClick={() => void codes.refetch()}>
              <RefreshCwIcon aria-hidden="true" /> Try again
            </Button>
          }
        >
          <span role="alert">{errorMessage(codes.error)}</span>
        </EmptyState>
      ) : codes.data.canEdit ? (
        <CodeEditor codeWindow={codes.data} />
      ) : (
        <>
          <p className="text-muted-foreground text-sm">Only the team&apos;s owner or an editor changes the code window.</p>
          <CodeList codeWindow={codes.data} />
        </>
      )}
    </Page>
  );
}

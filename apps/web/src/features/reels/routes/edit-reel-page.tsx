import { CheckIcon, ListVideoIcon } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';

/** /library/reels/:reelId/edit: edit a reel. */
export function Component() {
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
      <EmptyState icon={ListVideoIcon}>The reel editor will appear here.</EmptyState>
    </Page>
  );
}

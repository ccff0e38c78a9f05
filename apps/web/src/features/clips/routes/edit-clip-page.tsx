import { CheckIcon, ScissorsIcon } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';

/** /team/clips/:clipId/edit: edit a clip. */
export function Component() {
  return (
    <Page
      title="Edit Clip"
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to=".." relative="path">
            <CheckIcon aria-hidden="true" />
            Done
          </Link>
        </Button>
      }
    >
      <EmptyState icon={ScissorsIcon}>The clip editor will appear here.</EmptyState>
    </Page>
  );
}

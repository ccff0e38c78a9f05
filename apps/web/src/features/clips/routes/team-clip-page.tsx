import { ClapperboardIcon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';

/** /team/clips/:clipId: one clip and its comments. */
export function Component() {
  return (
    <Page
      title="Clip"
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="edit">
            <PencilIcon aria-hidden="true" />
            Edit
          </Link>
        </Button>
      }
    >
      <EmptyState icon={ClapperboardIcon}>The clip and its comments will appear here.</EmptyState>
    </Page>
  );
}

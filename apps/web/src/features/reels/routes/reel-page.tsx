import { ListVideoIcon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';

/** /library/reels/:reelId: one reel. */
export function Component() {
  return (
    <Page
      title="Reel"
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="edit">
            <PencilIcon aria-hidden="true" />
            Edit
          </Link>
        </Button>
      }
    >
      <EmptyState icon={ListVideoIcon}>The reel's clips will play here, one after another.</EmptyState>
    </Page>
  );
}

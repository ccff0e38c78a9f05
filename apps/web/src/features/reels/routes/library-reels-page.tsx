import { ListVideoIcon } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';

/** /library/reels: reels in the library. */
export function Component() {
  return (
    <Page
      title="Reels"
      description="Collections of clips, played back to back."
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/library/reels/all">
            All Reels
          </Link>
        </Button>
      }
    >
      <EmptyState icon={ListVideoIcon} title="No Reels?">Reels are collections of clips.</EmptyState>
    </Page>
  );
}

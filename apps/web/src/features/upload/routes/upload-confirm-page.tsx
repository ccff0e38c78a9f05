import { CircleCheckIcon } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';

/** /upload/confirm: after an upload. */
export function Component() {
  return (
    <Page
      title="Upload Complete"
      description="Your videos are processing and will be ready to watch shortly."
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/team/videos">
            All Videos
          </Link>
        </Button>
      }
    >
      <EmptyState icon={CircleCheckIcon}>Links to the videos you just uploaded will appear here.</EmptyState>
    </Page>
  );
}

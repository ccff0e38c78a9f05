import { ScissorsIcon } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';

/** /library/clips: clips in the library. */
export function Component() {
  return (
    <Page
      title="Clips"
      description="Highlights you have saved."
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/library/clips/all">
            All Clips
          </Link>
        </Button>
      }
    >
      <EmptyState icon={ScissorsIcon}>The latest clips in your library will appear here.</EmptyState>
    </Page>
  );
}

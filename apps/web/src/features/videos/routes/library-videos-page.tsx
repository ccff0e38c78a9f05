import { FilmIcon } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';

/** /library/videos: videos in the library. */
export function Component() {
  return (
    <Page
      title="Videos"
      description="Game videos you can watch."
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/library/videos/all">
            All Videos
          </Link>
        </Button>
      }
    >
      <EmptyState icon={FilmIcon}>The latest videos in your library will appear here.</EmptyState>
    </Page>
  );
}

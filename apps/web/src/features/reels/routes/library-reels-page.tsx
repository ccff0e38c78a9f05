import { Link } from 'react-router';

import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { ReelGrid } from '@/features/reels/components/reel-grid';

/** /library/reels: my reels, and making a new one. */
export function Component() {
  return (
    <Page
      width="wide"
      title="Reels"
      description="Collections of clips to play, share and download."
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/library/reels/all">All Reels</Link>
        </Button>
      }
    >
      <ReelGrid />
    </Page>
  );
}

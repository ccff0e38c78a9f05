import { Link } from 'react-router';

import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { ClipGrid } from '@/features/clips/components/clip-grid';

/** /library/clips: clips in the library, newest first; cards open /library/clips/{reel_id}. */
export function Component() {
  return (
    <Page
      width="wide"
      title="Clips"
      description="Highlights you have made or saved."
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/library/clips/all">All Clips</Link>
        </Button>
      }
    >
      <ClipGrid scope="mine" basePath="/library/clips" videosPath="/library/videos" />
    </Page>
  );
}

import { PlayIcon } from 'lucide-react';

import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';

/** /library/videos/:videoId: one library video. */
export function Component() {
  return (
    <Page title="Video">
      <EmptyState icon={PlayIcon}>The video and its highlights will appear here.</EmptyState>
    </Page>
  );
}
